import { TransportError } from '../errors/errors';
import { writeOwn } from '../patch/apply-patch';
import { type Container, isContainer } from '../patch/container';
import { deepEqual } from '../patch/deep-equal';
import type { PathSegment } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';
import type { ObservationEvent } from '../response/observation-events';
import type { ResponseEvent } from '../response/response-events';
import { ValueMirror } from './value-mirror';
import {
  fromWireError,
  fromWireObservation,
  toWireError,
  toWireObservation,
  type WireEvent,
  type WirePatch,
} from './wire-events';

/** Turns response events into wire events, leaving out everything the reader can rebuild. */
export class PatchEncoder {
  #mirror = new ValueMirror(copyOf);
  #attempt = 0;
  #path: string | undefined;

  /** A patch of `attempt`, as `encode` writes a patch event (a chunk's patches need no event each). */
  encodePatch(attempt: number, data: StreamingData): WireEvent {
    // The attempt first: a new attempt starts the mirror afresh before its first patch is written.
    const n = this.#attemptField(attempt, false);
    return { ...this.#patch(data), ...n };
  }

  encode(event: ResponseEvent): WireEvent {
    // A connection belongs to no attempt: it names none and moves none, so the events after it
    // still name theirs relative to the last attempt the reader saw.
    if (event.type === 'connection')
      return {
        k: 'c',
        s: event.state,
        r: event.retry,
        ms: event.delayMs,
        ...(event.lastEventId === undefined ? {} : { id: event.lastEventId }),
      };
    if (event.type === 'patch') return this.encodePatch(event.attempt, event.data);
    const n = this.#attemptField(event.attempt, event.type === 'attempt');
    switch (event.type) {
      case 'attempt':
        return {
          k: 'a',
          n: event.attempt,
          f: event.format,
          ...(event.reason === undefined ? {} : { why: event.reason }),
        };
      case 'status':
        return {
          k: 's',
          ...n,
          s: event.status,
          ...(event.retryDelayMs === undefined ? {} : { ms: event.retryDelayMs }),
          ...(event.reason === undefined ? {} : { why: event.reason }),
          ...(event.message === undefined ? {} : { msg: event.message }),
          ...(event.path === undefined ? {} : { fp: event.path }),
        };
      case 'text':
        return { k: 't', ...n, d: event.delta };
      case 'final':
        return deepEqual(this.#mirror.treeAt(''), event.data)
          ? { k: 'f', ...n, r: 1 }
          : { k: 'f', ...n, v: event.data };
      case 'error':
        return { k: 'e', ...n, err: toWireError(event.error), ...(event.requestFailed ? { rf: 1 as const } : {}) };
      case 'aborted':
        return { k: 'x', ...n };
    }
  }

  observation(event: ObservationEvent): WireEvent {
    return { k: 'o', o: toWireObservation(event) };
  }

  /** `{ n }` when the event's attempt is not the current one (which it then becomes). */
  #attemptField(attempt: number, always: boolean): { n?: number } {
    if (attempt === this.#attempt && !always) return {};
    if (attempt !== this.#attempt) {
      this.#attempt = attempt;
      this.#mirror = new ValueMirror(copyOf);
      this.#path = undefined;
    }
    return { n: attempt };
  }

  #patch(data: StreamingData): WirePatch {
    const { path, delta, value } = data;
    const wire: WirePatch = {};
    if (path !== this.#path) wire.p = relativePath(this.#path ?? '', path);
    this.#path = path;
    if (delta !== '') wire.d = delta;
    const done = data.event_type === 'done';
    if (done) wire.e = 1;
    const source = data.completion_source;
    if (done ? source !== 'observed_boundary' : source !== undefined) wire.c = source ?? '';
    // What the reader will hold at the path: a string it rebuilds, or its own tree's container.
    let held: unknown = rebuiltString(this.#mirror, path, delta, value);
    if (value === undefined) wire.u = 1;
    else if (held !== undefined) {
      // The reader rebuilds it: previous string + delta.
    } else if (isJsonAfter(this.#mirror, path, delta, value)) wire.j = 1;
    else {
      const tree = value !== null && typeof value === 'object' ? this.#mirror.treeAt(path) : undefined;
      if (tree !== undefined && deepEqual(tree, value)) {
        wire.r = 1;
        held = tree;
      } else wire.v = value;
    }
    const derived = this.#mirror.fieldsOf(path);
    if (derived.wildcard_path !== data.wildcard_path) wire.w = data.wildcard_path;
    if (!deepEqual(derived.indexes, data.indexes)) wire.i = data.indexes;
    // The mirror holds what the reader holds, so a later comparison is against the reader's value.
    this.#mirror.record(path, held ?? value, delta);
    return wire;
  }
}

/**
 * The string the reader rebuilds for `value` (the path's last string plus `delta`), or `undefined`
 * when it would not be `value`. A string grows by append (docs/patch-contract.md §3 rule 1, §6): a
 * delta that adds exactly its own length is taken as one without reading the string. Reading it
 * would cost the whole string per event, because the parser's value is a rope that any read
 * flattens: quadratic in the field's length. An event that adds
 * nothing (a `done`) is compared whole with the reader's string, once per field, so a source that
 * broke the rule is sent its value there.
 */
function rebuiltString(mirror: ValueMirror, path: string, delta: string, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const rebuilt = mirror.stringAfter(path, delta);
  if (rebuilt === undefined || rebuilt.length !== value.length) return undefined;
  return delta !== '' || rebuilt === value ? rebuilt : undefined;
}

/** Whether the path's deltas spell `value` (a number, boolean or null) as JSON (`"1"`, `"5"` → 15). */
function isJsonAfter(mirror: ValueMirror, path: string, delta: string, value: unknown): boolean {
  if (value === null || typeof value === 'object' || typeof value === 'string' || value === undefined) return false;
  const raw = mirror.jsonAfter(path, delta);
  return raw !== undefined && Object.is(raw, value);
}

/** A copy of a JSON value (own enumerable keys, lists by index), so the writer's mirror owns its containers. */
function copyOf<Value>(value: Value): Value {
  if (!isContainer(value)) return value;
  if (Array.isArray(value)) return value.map(copyOf) as Value;
  const copy: Container = {};
  for (const key of Object.keys(value)) writeOwn(copy, key, copyOf((value as Record<string, unknown>)[key]));
  return copy as Value;
}

/** Turns wire events back into response and observation events. */
export class PatchDecoder {
  #mirror = new ValueMirror();
  #attempt = 0;
  #path = '';

  decode(wire: Exclude<WireEvent, { k: 'm' }>): { event: ResponseEvent } | { observation: ObservationEvent } {
    if (wire.k === 'o') return { observation: fromWireObservation(wire.o) as ObservationEvent };
    const attempt = wire.n ?? this.#attempt;
    if (attempt !== this.#attempt) {
      this.#attempt = attempt;
      this.#mirror = new ValueMirror();
    }
    switch (wire.k) {
      case undefined:
      case 'p':
        return { event: { type: 'patch', attempt, data: this.#patch(wire) } };
      case 'a':
        return {
          event:
            wire.why === undefined
              ? { type: 'attempt', attempt, format: wire.f }
              : { type: 'attempt', attempt, format: wire.f, reason: wire.why },
        };
      case 's': {
        const event: ResponseEvent = { type: 'status', attempt, status: wire.s };
        if (typeof wire.ms === 'number') event.retryDelayMs = wire.ms;
        if (typeof wire.why === 'string') event.reason = wire.why;
        if (typeof wire.msg === 'string') event.message = wire.msg;
        if (typeof wire.fp === 'string') event.path = wire.fp;
        return { event };
      }
      case 't':
        return { event: { type: 'text', attempt, delta: wire.d } };
      case 'f':
        return { event: { type: 'final', attempt, data: wire.r === 1 ? this.#mirror.treeAt('') : wire.v } };
      case 'e':
        return {
          event:
            wire.rf === 1
              ? { type: 'error', attempt, error: fromWireError(wire.err), requestFailed: true }
              : { type: 'error', attempt, error: fromWireError(wire.err) },
        };
      case 'x':
        return { event: { type: 'aborted', attempt } };
      case 'c':
        // Untrusted: only `reconnecting` opens a gap (anything else closes it), and the numbers are numbers.
        return {
          event: {
            type: 'connection',
            attempt,
            state: wire.s === 'reconnecting' ? wire.s : 'open',
            retry: +wire.r || 0,
            delayMs: +wire.ms || 0,
            ...(typeof wire.id === 'string' ? { lastEventId: wire.id } : {}),
          },
        };
    }
  }

  /**
   * The segments of the last decoded patch's place (`$` channels included), parsed once per path:
   * what a store writes with instead of parsing the path again. The mirror's own array: read only.
   */
  place: readonly PathSegment[] = [];

  #patch(wire: WirePatch): StreamingData {
    const path = wire.p === undefined ? this.#path : absolutePath(this.#path, wire.p);
    this.place = placeOf(this.#mirror, path);
    this.#path = path;
    const delta = wire.d ?? '';
    let value: unknown;
    if ('v' in wire) value = wire.v;
    else if (wire.u === 1) value = undefined;
    else if (wire.j === 1) value = this.#mirror.jsonAfter(path, delta);
    else if (wire.r === 1) value = this.#mirror.treeAt(path);
    else value = this.#mirror.stringAfter(path, delta);
    this.#mirror.record(path, value, delta);
    const derived = this.#mirror.fieldsOf(path);
    const done = wire.e === 1;
    const data: StreamingData = {
      path,
      wildcard_path: wire.w ?? derived.wildcard_path,
      indexes: wire.i ?? derived.indexes,
      delta,
      value,
      is_complete: done,
      event_type: done ? 'done' : 'delta',
    };
    const source = wire.c === undefined ? (done ? 'observed_boundary' : undefined) : wire.c === '' ? undefined : wire.c;
    if (source !== undefined) data.completion_source = source;
    return data;
  }
}

/**
 * A patch from the wire writes to a place the path grammar accepts, or the stream is not a patch
 * stream: a `TransportError`, like a message that is not JSON, that fails the response. A store
 * would reject that patch as well; failing the response instead gives `getData()` and the store
 * the one error.
 */
function placeOf(mirror: ValueMirror, path: string): readonly PathSegment[] {
  try {
    return mirror.placeOf(path);
  } catch (cause) {
    const reason = (cause as Error).message;
    throw new TransportError(`A patch stream message has a patch at a malformed path: ${reason}`, 0, '', { cause });
  }
}

/** `28:email`: keep 28 characters of the previous path, add `email` (a path that looks like this is sent as `0:…`). */
const RELATIVE = /^(\d+):/;
const MIN_SHARED = 6;

function relativePath(previous: string, path: string): string {
  let shared = 0;
  const limit = Math.min(previous.length, path.length);
  while (shared < limit && previous.charCodeAt(shared) === path.charCodeAt(shared)) shared++;
  if (shared >= MIN_SHARED) return `${shared}:${path.slice(shared)}`;
  return RELATIVE.test(path) ? `0:${path}` : path;
}

function absolutePath(previous: string, wire: string): string {
  const match = RELATIVE.exec(wire);
  if (match === null) return wire;
  return previous.slice(0, Number(match[1])) + wire.slice((match[0] as string).length);
}

/**
 * Merges runs of plain deltas on one path (no value, no flags) into one: a reader that fell behind
 * gets fewer, larger patches and the same fields.
 */
export function coalesceDeltas(events: readonly WireEvent[]): WireEvent[] {
  const out: WireEvent[] = [];
  for (const event of events) {
    const previous = out[out.length - 1];
    // A follow-on delta names no path and no attempt: it continues the previous patch's path.
    if (
      previous !== undefined &&
      isPlainDelta(previous) &&
      isPlainDelta(event) &&
      event.p === undefined &&
      event.n === undefined
    ) {
      out[out.length - 1] = { ...previous, d: (previous.d ?? '') + (event.d ?? '') };
    } else out.push(event);
  }
  return out;
}

function isPlainDelta(event: WireEvent): event is WirePatch {
  if (event.k !== undefined) return false;
  const { p: _path, n: _attempt, d: _delta, ...rest } = event;
  return Object.keys(rest).length === 0;
}
