import { checkObject, checkOptionalObject, checkOptionalWholeNumber, checkString } from '../errors/check-argument';
import { RecordingError } from '../errors/recording-error';
import { checkRecording } from './check-recording';
import type { Recording } from './recording-format';

/** The most bytes `parseRecording` reads by default: 16 MiB. */
export const DEFAULT_MAX_RECORDING_BYTES = 16 * 1024 * 1024;

/** Options of {@link parseRecording}. */
export type ParseRecordingOptions = {
  /** The most UTF-8 bytes the text may hold (default 16 MiB); longer text is a `RECORDING_TOO_LARGE` error. */
  maxBytes?: number;
};

/**
 * A recording as JSON text, one message a line (so a fixture file reads, and diffs, message by
 * message). Checks the recording first, like `parseRecording` does.
 */
export function serializeRecording(recording: Recording): string {
  checkObject('serializeRecording recording', recording);
  const { messages, ...header } = checkRecording(recording);
  const head = JSON.stringify(header).slice(0, -1);
  if (messages.length === 0) return `${head},"messages":[]}\n`;
  return `${head},"messages":[\n${messages.map((message) => JSON.stringify(message)).join(',\n')}\n]}\n`;
}

/**
 * Reads a recording from text (a fixture file, an upload): untrusted input. The text must be at
 * most `maxBytes` long and hold a recording of exactly the documented shape (see
 * `checkRecording`); anything else is a `RecordingError` (`RECORDING_TOO_LARGE`,
 * `RECORDING_INVALID`). Keys such as `__proto__` stay data: `JSON.parse` writes them as own fields,
 * and only own fields are read.
 */
export function parseRecording(text: string, options: ParseRecordingOptions = {}): Recording {
  checkString('parseRecording text', text);
  checkOptionalObject('parseRecording options', options);
  checkOptionalWholeNumber('parseRecording options.maxBytes', options.maxBytes, 1);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_RECORDING_BYTES;
  // A UTF-8 character takes one to three bytes per UTF-16 unit: count them only when it matters.
  if (text.length > maxBytes || (text.length * 3 > maxBytes && new TextEncoder().encode(text).length > maxBytes))
    throw new RecordingError('RECORDING_TOO_LARGE', '', `The recording is larger than ${maxBytes} bytes`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RecordingError('RECORDING_INVALID', '', 'Not a Fieldstream recording: the text is not JSON');
  }
  return checkRecording(value);
}
