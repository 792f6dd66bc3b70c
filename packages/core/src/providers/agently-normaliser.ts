import { ProviderError } from '../errors/errors';
import { wildcardOf } from '../patch/path';
import type { CompletionSource, StreamingData } from '../patch/streaming-data';
import type { OutputDefinition } from '../schema/define-output';
import { schemaNodeAt } from '../schema/schema-node-at';
import { canonicalAgentlyPath } from './agently-path';
import { asRecord, asString } from './json-fields';

const COMPLETION_SOURCES: readonly string[] = ['observed_boundary', 'final_reconciliation', 'synthetic_repair'];

/**
 * Turns a Python Agently service's instant events into our `StreamingData`, one stream at a time.
 * Agently's wire shape (`path`, `value`, `delta`, `is_complete`, `event_type`, `wildcard_path`,
 * `indexes`, `full_data`) has quirks this smooths over:
 * - `wildcard_path` / `indexes` missing or `None`: computed from the path (dot, slash or our style);
 * - `event_type` missing: Agently's default `done` (or `delta` when a text delta is present);
 * - string `value`s that hold only the fragment: accumulated, so `value` is the text so far;
 * - a `done` whose `value` is missing or only the last fragment: the accumulated text;
 * - non-string scalars streamed as partial `delta`s (`12`, then `123`): dropped, the `done` carries
 *   the value (atomic scalars, docs/patch-contract.md §3 rule 2);
 * - Python-style `'True'` / `'False'` / `'None'` / numeric strings at paths the `output` schema
 *   types as boolean / null / number: coerced;
 * - repeated `done`s for one path: only the first is kept.
 */
export class AgentlyInstantNormaliser {
  private readonly texts = new Map<string, string>();
  private readonly completed = new Set<string>();

  constructor(private readonly output?: OutputDefinition) {}

  /** Normalises one decoded event. `raw` is the event's data as received (kept on errors). */
  normalise(event: unknown, raw: string): StreamingData[] {
    const record = asRecord(event);
    const rawPath = asString(record?.path);
    if (!record || rawPath === undefined) {
      throw new ProviderError('agentlyInstant', 'invalid_event', 'an instant event has no path', { rawText: raw });
    }
    const { path, segments } = canonicalAgentlyPath(rawPath);
    if (this.completed.has(path)) return [];
    const base = {
      path,
      wildcard_path: wildcardOf(path),
      indexes: segments.filter((segment): segment is number => typeof segment === 'number'),
    };
    const deltaText = typeof record.delta === 'string' ? record.delta : undefined;
    const isDone = isDoneEvent(record, deltaText);
    const value = this.coerce(record.value, segments);
    const accumulated = this.texts.get(path);

    if (!isDone) {
      const next = this.grow(accumulated ?? '', deltaText, value);
      if (next === undefined || next.delta === '') return [];
      this.texts.set(path, next.value);
      return [{ ...base, delta: next.delta, value: next.value, is_complete: false, event_type: 'delta' }];
    }

    this.completed.add(path);
    const source = asString(record.completion_source);
    const completion_source = (
      source && COMPLETION_SOURCES.includes(source) ? source : 'observed_boundary'
    ) as CompletionSource;
    const out: StreamingData[] = [];
    let finalValue = value;
    if (accumulated !== undefined) {
      if (typeof value !== 'string') finalValue = value === undefined || value === null ? accumulated : value;
      else if (value.startsWith(accumulated) && value.length > accumulated.length) {
        // The done carries text no delta showed: emit it as a delta so deltas still add up.
        out.push({ ...base, delta: value.slice(accumulated.length), value, is_complete: false, event_type: 'delta' });
      } else if (!value.startsWith(accumulated) && accumulated.endsWith(value)) finalValue = accumulated;
    }
    out.push({ ...base, delta: '', value: finalValue, is_complete: true, event_type: 'done', completion_source });
    return out;
  }

  /** The next text of a string path from a delta event, or undefined for a non-text partial. */
  private grow(
    accumulated: string,
    delta: string | undefined,
    value: unknown,
  ): { value: string; delta: string } | undefined {
    if (delta === undefined) {
      if (typeof value !== 'string' || !value.startsWith(accumulated)) return undefined;
      return { value, delta: value.slice(accumulated.length) };
    }
    if (typeof value === 'string') {
      if (value === accumulated + delta) return { value, delta };
      // A value that extends the text wins over a delta that disagrees with it.
      if (value !== delta && value.startsWith(accumulated)) return { value, delta: value.slice(accumulated.length) };
    }
    // A fragment-only (or missing) value: accumulate the delta.
    return { value: accumulated + delta, delta };
  }

  /** Python-style strings become the type the schema asks for at this path. */
  private coerce(value: unknown, segments: readonly (string | number)[]): unknown {
    if (typeof value !== 'string' || !this.output) return value;
    const node = schemaNodeAt(this.output.root, segments);
    if (node?.kind !== 'scalar' || node.type === 'string' || node.type === 'any') return value;
    const text = value.trim();
    if (text === 'None' || text === 'null') return null;
    if (node.type === 'boolean') {
      if (text === 'True' || text === 'true') return true;
      if (text === 'False' || text === 'false') return false;
    }
    if ((node.type === 'number' || node.type === 'integer') && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) {
      return Number(text);
    }
    return value;
  }
}

/** `event_type` when given; else `is_complete`; else a text delta means `delta`; else Agently's default, `done`. */
function isDoneEvent(record: Readonly<Record<string, unknown>>, deltaText: string | undefined): boolean {
  if (record.event_type === 'done' || record.event_type === 'delta') return record.event_type === 'done';
  if (typeof record.is_complete === 'boolean') return record.is_complete;
  return deltaText === undefined || deltaText === '';
}
