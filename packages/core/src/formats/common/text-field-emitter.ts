import { formatPath, type PathSegment, wildcardOf } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';

const TRAILING_WHITESPACE = /\s+$/;

/**
 * Streams one text field as string deltas whose concatenation equals the field's trimmed value:
 * leading whitespace is dropped, trailing whitespace is held back until more text follows it, and
 * a trailing high surrogate waits for its pair. The caller passes only text known to belong to the
 * field (never a possible closer or header).
 */
export class TextFieldEmitter {
  readonly path: string;
  private readonly wildcardPath: string;
  private readonly indexes: number[];
  private accumulated = '';
  private held = '';
  private started = false;
  private closed = false;

  constructor(segments: readonly PathSegment[]) {
    this.path = formatPath(segments);
    this.wildcardPath = wildcardOf(this.path);
    this.indexes = segments.filter((segment): segment is number => typeof segment === 'number');
  }

  /** The text released so far (trimmed at both ends). */
  get value(): string {
    return this.accumulated;
  }

  /** Adds text of the field; returns at most one delta event. */
  append(text: string): StreamingData[] {
    if (this.closed || text === '') return [];
    let pending = this.held + text;
    if (!this.started) {
      pending = pending.trimStart();
      if (pending === '') {
        this.held = '';
        return [];
      }
      this.started = true;
    }
    const trailing = TRAILING_WHITESPACE.exec(pending);
    let cut = trailing ? trailing.index : pending.length;
    const last = pending.charCodeAt(cut - 1);
    if (last >= 0xd800 && last <= 0xdbff) cut--; // never split a surrogate pair
    this.held = pending.slice(cut);
    const delta = pending.slice(0, cut);
    if (delta === '') return [];
    this.accumulated += delta;
    return [this.event(delta, this.accumulated, false)];
  }

  /**
   * Ends the field: emits a delta for any text `finalValue` adds to what was streamed, then the
   * `done` event. Without `finalValue` the value is the trimmed text streamed so far. A `null`
   * final value (a text field that holds `null`) ends the field with `null`: callers stream nothing
   * of such a field before, so no delta is taken back.
   */
  close(source: CompletionSource, finalValue?: string | null): StreamingData[] {
    if (this.closed) return [];
    this.closed = true;
    if (finalValue === null) {
      this.held = '';
      return [{ ...this.event('', '', true), value: null, completion_source: source }];
    }
    const events: StreamingData[] = [];
    if (this.held !== '' && TRAILING_WHITESPACE.exec(this.held)?.index !== 0) {
      // A lone high surrogate at the very end: release it rather than lose it.
      const tail = this.held.trimEnd();
      this.accumulated += tail;
      events.push(this.event(tail, this.accumulated, false));
    }
    this.held = '';
    let value = this.accumulated;
    if (finalValue !== undefined) {
      if (finalValue.length > value.length && finalValue.startsWith(value)) {
        const rest = finalValue.slice(value.length);
        events.push(this.event(rest, finalValue, false));
      }
      value = finalValue;
      this.accumulated = finalValue;
    }
    events.push({ ...this.event('', value, true), completion_source: source });
    return events;
  }

  private event(delta: string, value: string, done: boolean): StreamingData {
    return {
      path: this.path,
      wildcard_path: this.wildcardPath,
      indexes: this.indexes,
      delta,
      value,
      is_complete: done,
      event_type: done ? 'done' : 'delta',
    };
  }
}
