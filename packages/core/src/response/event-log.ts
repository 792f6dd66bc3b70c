import { TextAccumulator } from '../formats/text-accumulator';
import { pushEach } from '../patch/push-each';
import { COMPLETION_SOURCES, type StreamingData } from '../patch/streaming-data';
import type { FormatName, FormatOption } from '../schema/select-format';
import { LogEntries } from './log-entries';
import { type ChannelReader, LogReader, type ReaderChannel } from './log-reader';
import { notify } from './replay-log';
import type { ChunkEvent, ChunkListener, ResponseEvent } from './response-events';

export type { ChunkEvent, ChunkListener } from './response-events';

/** Facts the response derives its meta from: kept in the log, never sent to subscribers. */
export type RecordEvent =
  /** Provider meta of an attempt, as it arrived. */
  | { type: 'meta'; attempt: number; meta: Readonly<Record<string, unknown>> }
  /**
   * An attempt's final parse succeeded; `requested`: the format the response asked for, when the log
   * learns it from where the response ran (a patch stream).
   */
  | { type: 'parsed'; attempt: number; format: FormatName; repaired: boolean; requested?: FormatOption }
  /**
   * Reads an attempt's answer text so far, which its parser keeps anyway: the log reads it instead
   * of keeping a second copy of the text deltas (not stored itself).
   */
  | { type: 'answer'; attempt: number; read(): string };

// A chunk (`ChunkEvent`) is pushed as one entry and kept as it came: the log folds each, readers
// take the text or the patches as they are, and `patch` / `text` events are built only for
// subscribers (a batch subscriber gets them in one call). Per chunk that saves an event object per
// patch and an array, the response's main garbage.

export type LogEvent = ResponseEvent | RecordEvent | ChunkEvent;

// How an entry is stored: its kind, and the attempt of a patch or text entry (kind + attempt × 8).
const OTHER = 0;
const TEXT = 1;
const DELTA = 2;
const DONE = 3; // + 1 observed_boundary, + 2 final_reconciliation, + 3 synthetic_repair
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
 * - a patch is stored as five slots (path, value, delta, and the wildcard path and indexes its
 *   path's first patch came with, which every patch of the path shares) plus a small integer, and
 *   rebuilt as a fresh event on replay, spelled as its live patches were and with no path parsed
 *   again: a store bound late to a long answer pays for applying its patches, not for parsing
 *   every path a second time (decision 0014).
 */
export class EventLog {
  /** Per entry a tag and five slots (a patch's, as above; otherwise the event or the text). */
  #entries = new LogEntries();
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
  /** The attempt's text while the log keeps it itself (no parser reports it through an `answer` event). */
  #textAccumulator: TextAccumulator | undefined;
  #textSource: (() => string) | undefined;
  #attempt = 0;
  /**
   * Batch listeners (`subscribe` listeners too, wrapped to take a batch an event at a time) and
   * chunk listeners, in the order they subscribed. Replaced, never changed in place, so a push
   * walks the list it started with: a listener that joins during a delivery replays that push
   * instead of being sent it again, and no push copies the list.
   */
  #listeners: readonly Listener[] = [];
  #readers = new Set<ChannelReader>();
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
      this.#pushChunk(event);
      return;
    }
    this.#fold(event);
    if (isRecord(event)) return;
    if (this.#readers.size > 0) for (const reader of this.#readers) reader.enqueue(event);
    const listeners = this.#listeners;
    for (let i = 0; i < listeners.length; i++) deliver(listeners[i] as Listener, [event]);
  }

  /**
   * Folds a chunk first, then forwards it: a listener that subscribes while it is delivered
   * replays the whole chunk and is not sent its events again.
   */
  #pushChunk(chunk: ChunkEvent): void {
    const { attempt, text, patches } = chunk;
    if (attempt !== this.#attempt) this.#startAttempt(attempt);
    if (text !== '') this.#foldText(text);
    for (let i = 0; i < patches.length; i++) this.#foldPatch(patches[i] as StreamingData);
    if (this.#readers.size > 0) {
      for (const reader of this.#readers) {
        if (reader.channel === 'text') {
          if (text !== '') reader.add(text);
        } else for (let i = 0; i < patches.length; i++) reader.add(patches[i] as StreamingData);
      }
    }
    const listeners = this.#listeners;
    // Built once for every batch listener, and never for chunk listeners only (a bound store).
    let sent: ResponseEvent[] | undefined;
    for (let i = 0; i < listeners.length; i++) {
      const listener = listeners[i] as Listener;
      if (typeof listener !== 'function') {
        if (patches.length > 0) notify(listener.patches, chunk);
        continue;
      }
      if (sent === undefined) {
        sent = text === '' ? [] : [{ type: 'text', attempt, delta: text }];
        for (const data of patches) sent.push({ type: 'patch', attempt, data });
      }
      if (sent.length > 0) notify(listener, sent);
    }
  }

  /** Ends the log: readers finish after their last event, or throw `error` when one is given. */
  close(error?: unknown): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#error = error;
    this.#settleText();
    this.#closeDeltas();
    this.#entries.trim();
    for (const reader of this.#readers) reader.wake();
    this.#readers.clear();
    this.#listeners = [];
  }

  /** Calls `listener` with the compact history, then with each new event. Returns an unsubscribe. */
  subscribe(listener: (event: ResponseEvent) => void): () => void {
    return this.subscribeBatches((events) => {
      for (let i = 0; i < events.length; i++) notify(listener, events[i] as ResponseEvent);
    });
  }

  /**
   * Like `subscribe`, but events arrive in arrays: the compact history in one call, then each
   * pushed chunk's events together (any other event alone). Returns an unsubscribe.
   */
  subscribeBatches(listener: (events: readonly ResponseEvent[]) => void): () => void {
    return this.#subscribe(listener);
  }

  /**
   * Like `subscribeBatches`, for a listener that takes a pushed chunk as it came (a bound store):
   * no event object is made per patch for it, and a chunk without patches (answer text only) is
   * not sent. The history and every other event go to `listener.events`.
   */
  subscribeChunks(listener: ChunkListener): () => void {
    return this.#subscribe(listener);
  }

  #subscribe(listener: Listener): () => void {
    const waiting: ResponseEvent[] = [];
    const hold = (events: readonly ResponseEvent[]) => pushEach(waiting, events);
    if (!this.#closed) this.#listeners = [...this.#listeners, hold];
    const history = this.replay();
    if (history.length > 0) deliver(listener, history);
    if (waiting.length > 0) deliver(listener, waiting);
    if (!this.#listeners.includes(hold)) return () => {};
    this.#listeners = this.#listeners.map((each) => (each === hold ? listener : each));
    return () => {
      this.#listeners = this.#listeners.filter((each) => each !== listener);
    };
  }

  /**
   * An async iterator over the compact history and every later event of `channel`. Like
   * a generator it does nothing until its first `next()`, which calls `onStart` and takes the
   * history.
   */
  read<Channel extends ReaderChannel>(channel: Channel, onStart?: () => void): LogReader<Channel> {
    return new LogReader<Channel>(channel, (reader) => {
      onStart?.();
      if (!this.#closed) this.#readers.add(reader as unknown as ChannelReader);
      return {
        history: this.replay(),
        detach: () => this.#readers.delete(reader as unknown as ChannelReader),
        source: this,
      };
    });
  }

  /** The compact history as fresh events (record events left out). */
  replay(): ResponseEvent[] {
    const events: ResponseEvent[] = [];
    for (let entry = 0; entry < this.#entries.size; entry++) {
      const event = this.#decode(entry);
      if (!isRecord(event)) events.push(event);
    }
    return events;
  }

  /** Record events and the status, attempt, final, error and aborted events, in order (no patches or text). */
  facts(): LogEvent[] {
    const events: LogEvent[] = [];
    for (let entry = 0; entry < this.#entries.size; entry++) {
      if (this.#entries.tag(entry) % KINDS === OTHER) events.push(this.#entries.get(entry, 1) as LogEvent);
    }
    return events;
  }

  /** The text of the last attempt. */
  lastText(): string {
    for (let entry = this.#entries.size - 1; entry >= 0; entry--) {
      const tag = this.#entries.tag(entry);
      if (tag % KINDS === TEXT) return Math.floor(tag / KINDS) === this.#attempt ? this.#textAt(entry) : '';
    }
    return '';
  }

  #fold(event: ResponseEvent | RecordEvent): void {
    if (event.attempt !== this.#attempt) this.#startAttempt(event.attempt);
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
      const source = COMPLETION_SOURCES.indexOf(data.completion_source);
      this.#appendPatch(DONE + Math.max(source, 0), data, data.value);
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
        this.#last = this.#entries.size;
        this.#appendPatch(DELTA, data, stored(data.value));
        return;
      }
    }
    const entries = this.#entries;
    const delta = entries.get(entry, 3) as string;
    const value = data.value;
    // Deltas that cover a whole string value are that value: no second rope of the same text.
    const whole = typeof value === 'string' && delta.length + data.delta.length === value.length;
    entries.set(entry, 3, whole ? value : delta + data.delta);
    entries.set(entry, 2, stored(value));
  }

  #foldText(delta: string): void {
    if (this.#text < 0) {
      this.#text = this.#entries.size;
      this.#textAccumulator = this.#textSource === undefined ? new TextAccumulator() : undefined;
      this.#append(TEXT, this.#textSource ?? this.#textAccumulator, undefined, undefined);
    }
    this.#textAccumulator?.append(delta);
  }

  /** An entry's text: a string once settled, an accumulator while the attempt streams. */
  #textAt(entry: number): string {
    const text = this.#entries.get(entry, 1) as string | TextAccumulator | (() => string);
    return typeof text === 'string' ? text : typeof text === 'function' ? text() : text.toString();
  }

  #startAttempt(attempt: number): void {
    this.#settleText();
    this.#closeDeltas();
    this.#attempt = attempt;
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
    this.#entries.append(kind === OTHER ? OTHER : kind + this.#attempt * KINDS, a, b, c);
  }

  #appendPatch(kind: number, data: StreamingData, value: unknown): void {
    this.#entries.append(kind + this.#attempt * KINDS, data.path, value, data.delta, data.wildcard_path, data.indexes);
  }

  /**
   * Turns the attempt's text into one string once it can grow no more (next attempt, or closing). It
   * stays the accumulator's rope of flat blocks: whoever first reads its characters flattens it, once.
   * Flattening it here would copy the whole answer for every response, even one no one reads
   * (decision 0028).
   */
  #settleText(): void {
    this.#textSource = undefined; // the parser may go
    if (this.#text < 0) return;
    const text = this.#textAt(this.#text);
    this.#entries.set(this.#text, 1, text);
    this.#text = -1;
    this.#textAccumulator = undefined;
  }

  /** An entry as an event (a chunk is never stored: it is folded into patch and text entries). */
  #decode(entry: number): ResponseEvent | RecordEvent {
    const entries = this.#entries;
    const tag = entries.tag(entry);
    const kind = tag % KINDS;
    if (kind === OTHER) return entries.get(entry, 1) as ResponseEvent | RecordEvent;
    const attempt = Math.floor(tag / KINDS);
    if (kind === TEXT) return { type: 'text', attempt, delta: this.#textAt(entry) };
    const data: StreamingData = {
      path: entries.get(entry, 1) as string,
      wildcard_path: entries.get(entry, 4) as string,
      indexes: entries.get(entry, 5) as number[],
      delta: entries.get(entry, 3) as string,
      value: restored(entries.get(entry, 2)),
      is_complete: kind >= DONE,
      event_type: kind >= DONE ? 'done' : 'delta',
    };
    const source = COMPLETION_SOURCES[kind - DONE];
    if (source !== undefined) data.completion_source = source;
    return { type: 'patch', attempt, data };
  }
}

type Listener = ((events: readonly ResponseEvent[]) => void) | ChunkListener;

function deliver(listener: Listener, events: readonly ResponseEvent[]): void {
  notify(typeof listener === 'function' ? listener : listener.events, events);
}

function isRecord(event: ResponseEvent | RecordEvent): event is RecordEvent {
  return event.type === 'meta' || event.type === 'parsed' || event.type === 'answer';
}

function stored(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_ARRAY : value;
  return Object.getPrototypeOf(value) === Object.prototype && Object.keys(value).length === 0 ? EMPTY_OBJECT : value;
}

function restored(value: unknown): unknown {
  return value === EMPTY_OBJECT ? {} : value === EMPTY_ARRAY ? [] : value;
}
