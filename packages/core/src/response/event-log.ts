import { TextAccumulator } from '../formats/text-accumulator';
import { parsePath, wildcardOf } from '../patch/path';
import type { CompletionSource, StreamingData } from '../patch/streaming-data';
import type { FormatName } from '../schema/select-format';
import { LogReader } from './log-reader';
import { notify } from './replay-log';
import type { ResponseEvent } from './response-events';

/** Facts the response derives its meta from: kept in the log, never sent to subscribers. */
export type RecordEvent =
  /** Provider meta of an attempt, as it arrived. */
  | { type: 'meta'; attempt: number; meta: Readonly<Record<string, unknown>> }
  /** An attempt's final parse succeeded. */
  | { type: 'parsed'; attempt: number; format: FormatName; repaired: boolean }
  /**
   * Reads an attempt's answer text so far, which its parser keeps anyway: the log reads it instead
   * of keeping a second copy of the text deltas (not stored itself).
   */
  | { type: 'answer'; attempt: number; read(): string };

/**
 * The events one pushed chunk produced (its text and the patches parsed from it), pushed as one
 * entry: the log folds and forwards each, and batch subscribers get them in one call.
 */
export type ChunkEvent = { type: 'chunk'; attempt: number; events: readonly LogEvent[] };

export type LogEvent = ResponseEvent | RecordEvent | ChunkEvent;

// How an entry is stored: its kind, and the attempt of a patch or text entry (kind + attempt × 8).
const OTHER = 0;
const TEXT = 1;
const DELTA = 2;
const DONE = 3; // + 1 observed_boundary, + 2 final_reconciliation, + 3 synthetic_repair
const SOURCES: readonly (CompletionSource | undefined)[] = [
  undefined,
  'observed_boundary',
  'final_reconciliation',
  'synthetic_repair',
];
const KINDS = 8;
/** Stands for a fresh empty object or array (a container's opening delta) in a stored entry. */
const EMPTY_OBJECT = Symbol('{}');
const EMPTY_ARRAY = Symbol('[]');

/**
 * The one event log of a response (decision 0014). Live subscribers and readers get every event
 * as it is emitted; the history a late subscriber replays is compact, so what a response keeps
 * grows with the answer's paths, not with its chunks:
 * - the `delta` patches of one path in one attempt are coalesced into one (deltas joined, the
 *   latest value), ended by the path's `done`; partial values of earlier deltas are not kept;
 * - an attempt's `text` events are coalesced into one;
 * - a patch is stored as three slots (path, value, delta) plus a small integer, and
 *   rebuilt as a fresh event on replay (`indexes` from the path).
 */
export class EventLog {
  /** Three slots per entry: a patch's path, value and delta; otherwise the event or the text. */
  #slots: unknown[] = [];
  #tags: number[] = [];
  /** The latest open delta entry and its path: the next delta of the same path joins it. */
  #last = -1;
  #lastPath = '';
  /**
   * The open deltas another path's delta interrupted, most recent last: in JSON the containers
   * being filled, as deep as the nesting. A short list searched from the end costs less than a
   * map, which hashes every fresh path string it is asked about.
   */
  #openPaths: string[] = [];
  #openEntries: number[] = [];
  #text = -1;
  #textSource: (() => string) | undefined;
  #attempt = 0;
  #listeners = new Set<(event: ResponseEvent) => void>();
  #batchListeners = new Set<(events: readonly ResponseEvent[]) => void>();
  #readers = new Set<{ enqueue(event: ResponseEvent): void; wake(): void }>();
  #closed = false;
  #error: unknown;

  get closed(): boolean {
    return this.#closed;
  }

  /** The error the log closed with (`undefined` when it ended normally or is open). */
  get error(): unknown {
    return this.#error;
  }

  push(event: LogEvent): void {
    if (this.#closed) return;
    if (event.type === 'chunk') {
      this.#pushChunk(event.events);
      return;
    }
    this.#fold(event);
    if (isRecord(event)) return;
    if (this.#readers.size > 0) for (const reader of this.#readers) reader.enqueue(event);
    if (this.#listeners.size > 0) for (const listener of [...this.#listeners]) notify(listener, event);
    if (this.#batchListeners.size > 0) for (const listener of [...this.#batchListeners]) notify(listener, [event]);
  }

  /**
   * Folds a chunk's events first, then forwards them: a listener that subscribes while they are
   * delivered replays the whole chunk and is not sent its events again.
   */
  #pushChunk(events: readonly LogEvent[]): void {
    // A chunk holds only patches and text as a rule: then it is sent as it is, not copied.
    let plain = true;
    for (const event of events) {
      if (event.type === 'chunk') continue; // never nested
      this.#fold(event);
      if (isRecord(event)) plain = false;
    }
    const sent = plain ? (events as readonly ResponseEvent[]) : events.filter(isResponseEvent);
    if (sent.length === 0) return;
    const listeners = this.#listeners.size > 0 ? [...this.#listeners] : undefined;
    const batchListeners = this.#batchListeners.size > 0 ? [...this.#batchListeners] : undefined;
    if (this.#readers.size > 0) for (const reader of this.#readers) for (const event of sent) reader.enqueue(event);
    if (listeners !== undefined) for (const event of sent) for (const listener of listeners) notify(listener, event);
    if (batchListeners !== undefined) for (const listener of batchListeners) notify(listener, sent);
  }

  /** Ends the log: readers finish after their last event, or throw `error` when one is given. */
  close(error?: unknown): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#error = error;
    this.#settleText();
    this.#closeDeltas();
    // The history grows no more: copies without the arrays' spare capacity.
    this.#slots = this.#slots.slice();
    this.#tags = this.#tags.slice();
    for (const reader of this.#readers) reader.wake();
    this.#readers.clear();
    this.#listeners.clear();
    this.#batchListeners.clear();
  }

  /** Calls `listener` with the compact history, then with each new event. Returns an unsubscribe. */
  subscribe(listener: (event: ResponseEvent) => void): () => void {
    // Events pushed by the listener during the replay wait until the replay is over.
    const waiting: ResponseEvent[] = [];
    const hold = (event: ResponseEvent) => waiting.push(event);
    if (!this.#closed) this.#listeners.add(hold);
    for (const event of this.replay()) notify(listener, event);
    for (let i = 0; i < waiting.length; i++) notify(listener, waiting[i] as ResponseEvent);
    if (!this.#listeners.delete(hold)) return () => {};
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /**
   * Like `subscribe`, but events arrive in arrays: the compact history in one call, then each
   * pushed chunk's events together (any other event alone). Returns an unsubscribe.
   */
  subscribeBatches(listener: (events: readonly ResponseEvent[]) => void): () => void {
    const waiting: ResponseEvent[] = [];
    const hold = (events: readonly ResponseEvent[]) => waiting.push(...events);
    if (!this.#closed) this.#batchListeners.add(hold);
    const history = this.replay();
    if (history.length > 0) notify(listener, history);
    if (waiting.length > 0) notify(listener, waiting);
    if (!this.#batchListeners.delete(hold)) return () => {};
    this.#batchListeners.add(listener);
    return () => {
      this.#batchListeners.delete(listener);
    };
  }

  /**
   * An async iterator over the compact history and every later event, selected with `pick`. Like
   * a generator it does nothing until its first `next()`, which calls `onStart` and takes the
   * history.
   */
  read<Out>(
    pick: (event: ResponseEvent) => Out | undefined,
    onStart?: () => void,
  ): AsyncGenerator<Out, void, undefined> {
    return new LogReader<Out>(pick, (reader) => {
      onStart?.();
      if (!this.#closed) this.#readers.add(reader);
      const log = this;
      return {
        history: this.replay(),
        detach: () => this.#readers.delete(reader),
        get closed() {
          return log.closed;
        },
        get error() {
          return log.error;
        },
      };
    });
  }

  /** The compact history as fresh events (record events included when asked). */
  replay(withRecords?: false): ResponseEvent[];
  replay(withRecords: true): LogEvent[];
  replay(withRecords = false): LogEvent[] {
    const events: LogEvent[] = [];
    for (let entry = 0; entry < this.#tags.length; entry++) {
      const event = this.#decode(entry);
      if (withRecords || !isRecord(event)) events.push(event);
    }
    return events;
  }

  /** Record events and the status, attempt, final, error and aborted events, in order (no patches or text). */
  facts(): LogEvent[] {
    const events: LogEvent[] = [];
    for (let entry = 0; entry < this.#tags.length; entry++) {
      if ((this.#tags[entry] as number) % KINDS === OTHER) events.push(this.#slots[entry * 3] as LogEvent);
    }
    return events;
  }

  /** The text of the last attempt. */
  lastText(): string {
    for (let entry = this.#tags.length - 1; entry >= 0; entry--) {
      const tag = this.#tags[entry] as number;
      if (tag % KINDS === TEXT) return Math.floor(tag / KINDS) === this.#attempt ? this.#textAt(entry) : '';
    }
    return '';
  }

  #fold(event: ResponseEvent | RecordEvent): void {
    if (event.attempt !== this.#attempt) {
      this.#settleText();
      this.#closeDeltas();
      this.#attempt = event.attempt;
    }
    if (event.type === 'patch') this.#foldPatch(event.data);
    else if (event.type === 'text') this.#foldText(event.delta);
    else if (event.type === 'answer') this.#textSource = event.read;
    else this.#append(OTHER, event, undefined, undefined);
  }

  #foldPatch(data: StreamingData): void {
    const { path } = data;
    if (data.event_type === 'done') {
      if (this.#last >= 0 && path === this.#lastPath) this.#last = -1;
      else this.#takeOpen(path);
      const source = SOURCES.indexOf(data.completion_source);
      this.#append(DONE + Math.max(source, 0), path, data.value, data.delta);
      return;
    }
    let entry = this.#last >= 0 && path === this.#lastPath ? this.#last : -1;
    if (entry < 0) {
      // Another path's delta: the latest open one waits in the open list until its path continues.
      if (this.#last >= 0) {
        this.#openPaths.push(this.#lastPath);
        this.#openEntries.push(this.#last);
      }
      entry = this.#takeOpen(path);
      this.#lastPath = path;
      if (entry >= 0) {
        this.#last = entry;
      } else {
        this.#last = this.#tags.length;
        this.#append(DELTA, path, stored(data.value), data.delta);
        return;
      }
    }
    const slot = entry * 3;
    const joined = (this.#slots[slot + 2] as string).length + data.delta.length;
    const value = data.value;
    // Deltas that cover a whole string value are that value: no second rope of the same text.
    this.#slots[slot + 2] =
      typeof value === 'string' && joined === value.length ? value : (this.#slots[slot + 2] as string) + data.delta;
    this.#slots[slot + 1] = stored(value);
  }

  #foldText(delta: string): void {
    if (this.#text < 0) {
      this.#text = this.#tags.length;
      this.#append(TEXT, this.#textSource ?? new TextAccumulator(), undefined, undefined);
    }
    const text = this.#slots[this.#text * 3];
    if (text instanceof TextAccumulator) text.append(delta);
  }

  /** An entry's text: a string once settled, an accumulator while the attempt streams. */
  #textAt(entry: number): string {
    const text = this.#slots[entry * 3] as string | TextAccumulator | (() => string);
    return typeof text === 'string' ? text : typeof text === 'function' ? text() : text.toString();
  }

  #closeDeltas(): void {
    this.#last = -1;
    this.#openPaths.length = 0;
    this.#openEntries.length = 0;
  }

  /** Removes `path`'s interrupted open delta, returning its entry (-1 when it has none). */
  #takeOpen(path: string): number {
    const paths = this.#openPaths;
    for (let i = paths.length - 1; i >= 0; i--) {
      if (paths[i] !== path) continue;
      const entry = this.#openEntries[i] as number;
      paths.splice(i, 1);
      this.#openEntries.splice(i, 1);
      return entry;
    }
    return -1;
  }

  #append(kind: number, a: unknown, b: unknown, c: unknown): void {
    this.#tags.push(kind === OTHER ? OTHER : kind + this.#attempt * KINDS);
    this.#slots.push(a, b, c);
  }

  /** Turns the attempt's text into one flat string once it can grow no more (next attempt, or closing). */
  #settleText(): void {
    this.#textSource = undefined; // the parser may go
    if (this.#text < 0) return;
    const text = this.#textAt(this.#text);
    text.charCodeAt(0); // V8 flattens a rope on first read
    this.#slots[this.#text * 3] = text;
    this.#text = -1;
  }

  #decode(entry: number): LogEvent {
    const tag = this.#tags[entry] as number;
    const kind = tag % KINDS;
    const slot = entry * 3;
    if (kind === OTHER) return this.#slots[slot] as LogEvent;
    const attempt = Math.floor(tag / KINDS);
    if (kind === TEXT) return { type: 'text', attempt, delta: this.#textAt(entry) };
    const path = this.#slots[slot] as string;
    const data: StreamingData = {
      path,
      wildcard_path: path.includes('[') ? wildcardOf(path) : path,
      indexes: indexesOf(path),
      delta: this.#slots[slot + 2] as string,
      value: restored(this.#slots[slot + 1]),
      is_complete: kind >= DONE,
      event_type: kind >= DONE ? 'done' : 'delta',
    };
    const source = SOURCES[kind - DONE];
    if (source !== undefined) data.completion_source = source;
    return { type: 'patch', attempt, data };
  }
}

function isRecord(event: LogEvent): event is RecordEvent {
  return event.type === 'meta' || event.type === 'parsed' || event.type === 'answer';
}

function isResponseEvent(event: LogEvent): event is ResponseEvent {
  return event.type !== 'chunk' && !isRecord(event);
}

function stored(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_ARRAY : value;
  return Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0 ? EMPTY_OBJECT : value;
}

function restored(value: unknown): unknown {
  return value === EMPTY_OBJECT ? {} : value === EMPTY_ARRAY ? [] : value;
}

function indexesOf(path: string): number[] {
  if (path === '' || path.startsWith('$') || !path.includes('[')) return [];
  return parsePath(path).filter((segment): segment is number => typeof segment === 'number');
}
