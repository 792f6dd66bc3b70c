import { RecordingError } from '../errors/recording-error';
import type { WireEvent } from '../patch-stream/wire-events';
import { RECORDING_FORMAT, RECORDING_SOURCES, type RecordedMessage, type Recording } from './recording-format';

const RECORDING_KEYS = ['format', 'version', 'source', 'label', 'messages'];
const MESSAGE_KEYS = ['at', 'events'];

/**
 * A recording checked field by field and copied into fresh objects: `format` and `version` as
 * written, a known `source`, `messages` whose `at` are finite, not negative and never decreasing,
 * and whose `events` are lists of objects (the replay's reader checks each event as it checks a
 * patch stream's). Only own fields are read, unknown ones are refused. Throws a
 * `RecordingError` naming the first field that is wrong.
 */
export function checkRecording(value: unknown): Recording {
  const recording = record(value, '', RECORDING_KEYS);
  if (own(recording, 'format') !== RECORDING_FORMAT) throw invalid('format', `format must be "${RECORDING_FORMAT}"`);
  if (own(recording, 'version') !== 1) throw invalid('version', 'version must be 1 (the only version there is)');
  const source = own(recording, 'source');
  if (!RECORDING_SOURCES.some((known) => known === source))
    throw invalid('source', `source must be one of ${RECORDING_SOURCES.join(', ')}`);
  const label = own(recording, 'label');
  if (label !== undefined && typeof label !== 'string') throw invalid('label', 'label must be a string');
  const list = own(recording, 'messages');
  if (!Array.isArray(list)) throw invalid('messages', 'messages must be a list');
  const messages: RecordedMessage[] = [];
  let previous = 0;
  for (let index = 0; index < list.length; index++) {
    const path = `messages[${index}]`;
    const message = record(list[index], path, MESSAGE_KEYS);
    const at = own(message, 'at');
    if (typeof at !== 'number' || !Number.isFinite(at) || at < previous)
      throw invalid(`${path}.at`, `${path}.at must be a finite number of milliseconds, not less than the one before`);
    previous = at;
    const events = own(message, 'events');
    if (
      !Array.isArray(events) ||
      !events.every((event) => event !== null && typeof event === 'object' && !Array.isArray(event))
    )
      throw invalid(`${path}.events`, `${path}.events must be a list of objects`);
    messages.push({ at, events: events.slice() as WireEvent[] });
  }
  return {
    format: RECORDING_FORMAT,
    version: 1,
    source: source as Recording['source'],
    ...(label === undefined ? {} : { label }),
    messages,
  };
}

/** `value` as a plain record with only `keys` of its own, or a `RecordingError` at `path`. */
function record(value: unknown, path: string, keys: readonly string[]): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid(path, `${path === '' ? 'a recording' : path} must be an object`);
  const unknown = Object.keys(value).find((key) => !keys.includes(key));
  if (unknown !== undefined)
    throw invalid(path, `${path === '' ? 'a recording' : path} has an unknown field "${unknown}"`);
  return value as Record<string, unknown>;
}

/** An own field's value (a field inherited from a prototype is absent). */
function own(value: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(value, key) ? value[key] : undefined;
}

function invalid(path: string, message: string): RecordingError {
  return new RecordingError('RECORDING_INVALID', path, `Not a Fieldstream recording: ${message}`);
}
