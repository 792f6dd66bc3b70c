import type { StreamingData } from '../patch/streaming-data';
import type { ObservationEvent } from '../response/observation-events';
import type { ResponseEvent } from '../response/response-events';
import { deepEqual } from '../store/deep-equal';
import { derivedPathFields, ValueMirror } from './value-mirror';
import {
  fromWireError,
  fromWireObservation,
  toWireError,
  toWireObservation,
  type WireEvent,
  type WirePatch,
} from './wire-events';

/** Turns response events into wire events, leaving out every value the reader can rebuild. */
export class PatchEncoder {
  #mirror = new ValueMirror();
  #attempt = 0;

  encode(event: ResponseEvent): WireEvent {
    const n = event.attempt;
    if (n !== this.#attempt) this.#reset(n);
    switch (event.type) {
      case 'patch':
        return this.#patch(n, event.data);
      case 'attempt':
        return event.reason === undefined
          ? { k: 'a', n, f: event.format }
          : { k: 'a', n, f: event.format, why: event.reason };
      case 'status':
        return { k: 's', n, s: event.status };
      case 'text':
        return { k: 't', n, d: event.delta };
      case 'final':
        return { k: 'f', n, v: event.data };
      case 'error':
        return { k: 'e', n, err: toWireError(event.error) };
      case 'aborted':
        return { k: 'x', n };
    }
  }

  observation(event: ObservationEvent): WireEvent {
    return { k: 'o', o: toWireObservation(event) };
  }

  #patch(n: number, data: StreamingData): WirePatch {
    const wire: WirePatch = { k: 'p', n, p: data.path };
    if (data.delta !== '') wire.d = data.delta;
    if (data.event_type === 'done') wire.e = 1;
    if (data.completion_source !== undefined) wire.c = data.completion_source;
    if (this.#mirror.isStringAfter(data.path, data.delta, data.value)) {
      // The reader rebuilds it: previous string + delta.
    } else if (
      data.value !== null &&
      typeof data.value === 'object' &&
      deepEqual(this.#mirror.treeAt(data.path), data.value)
    ) {
      wire.r = 1;
    } else wire.v = data.value;
    const derived = derivedPathFields(data.path);
    if (derived.wildcard_path !== data.wildcard_path) wire.w = data.wildcard_path;
    if (!deepEqual(derived.indexes, data.indexes)) wire.i = data.indexes;
    this.#mirror.record(data.path, data.value);
    return wire;
  }

  #reset(attempt: number): void {
    this.#attempt = attempt;
    this.#mirror = new ValueMirror();
  }
}

/** Turns wire events back into response and observation events. */
export class PatchDecoder {
  #mirror = new ValueMirror();
  #attempt = 0;

  decode(wire: WireEvent): { event: ResponseEvent } | { observation: ObservationEvent } {
    if (wire.k === 'o') return { observation: fromWireObservation(wire.o) as ObservationEvent };
    const attempt = wire.n;
    if (attempt !== this.#attempt) {
      this.#attempt = attempt;
      this.#mirror = new ValueMirror();
    }
    switch (wire.k) {
      case 'p':
        return { event: { type: 'patch', attempt, data: this.#patch(wire) } };
      case 'a':
        return {
          event:
            wire.why === undefined
              ? { type: 'attempt', attempt, format: wire.f }
              : { type: 'attempt', attempt, format: wire.f, reason: wire.why },
        };
      case 's':
        return { event: { type: 'status', attempt, status: wire.s } };
      case 't':
        return { event: { type: 'text', attempt, delta: wire.d } };
      case 'f':
        return { event: { type: 'final', attempt, data: wire.v } };
      case 'e':
        return { event: { type: 'error', attempt, error: fromWireError(wire.err) } };
      case 'x':
        return { event: { type: 'aborted', attempt } };
    }
  }

  #patch(wire: WirePatch): StreamingData {
    const delta = wire.d ?? '';
    let value: unknown;
    if ('v' in wire) value = wire.v;
    else if (wire.r === 1) value = this.#mirror.treeAt(wire.p);
    else value = this.#mirror.stringAfter(wire.p, delta);
    this.#mirror.record(wire.p, value);
    const derived = derivedPathFields(wire.p);
    const done = wire.e === 1;
    const data: StreamingData = {
      path: wire.p,
      wildcard_path: wire.w ?? derived.wildcard_path,
      indexes: wire.i ?? derived.indexes,
      delta,
      value,
      is_complete: done,
      event_type: done ? 'done' : 'delta',
    };
    if (wire.c !== undefined) data.completion_source = wire.c;
    return data;
  }
}

/**
 * Merges runs of plain deltas on one path (no value, no flags) into one: a reader that fell behind
 * gets fewer, larger patches and the same fields.
 */
export function coalesceDeltas(events: readonly WireEvent[]): WireEvent[] {
  const out: WireEvent[] = [];
  for (const event of events) {
    const previous = out[out.length - 1];
    if (
      isPlainDelta(event) &&
      previous !== undefined &&
      isPlainDelta(previous) &&
      previous.p === event.p &&
      previous.n === event.n
    ) {
      out[out.length - 1] = { ...previous, d: (previous.d ?? '') + (event.d ?? '') };
    } else out.push(event);
  }
  return out;
}

function isPlainDelta(event: WireEvent): event is WirePatch {
  return (
    event.k === 'p' &&
    event.e === undefined &&
    event.c === undefined &&
    !('v' in event) &&
    event.r === undefined &&
    event.w === undefined &&
    event.i === undefined
  );
}
