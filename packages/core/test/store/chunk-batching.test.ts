import {
  type ChunkEvent,
  createFieldStore,
  createResponse,
  defineOutput,
  type FieldStore,
  type Model,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type ChunkListener, EventLog } from '../../src/response/event-log';
import { chunkSource } from '../support/chunk-source';
import { splitAt } from '../support/chunkings';

const output = defineOutput({ summary: ['string'], tags: [['string']], score: ['integer'] });
const answer = '{"summary":"Disk full on db-1","tags":["ops","db","disk"],"score":7}';

/**
 * A model that yields `pieces` as text chunks and, each time the response asks for the next one
 * (so the previous chunk has been handled), records how many store updates and response events
 * that chunk caused.
 */
function countingModel(pieces: readonly string[], counts: { updates: number; events: number }) {
  const perChunk: { updates: number; events: number }[] = [];
  const model: Model = async function* () {
    counts.updates = 0;
    counts.events = 0;
    for (const delta of pieces) {
      yield { type: 'text', delta };
      perChunk.push({ ...counts });
      counts.updates = 0;
      counts.events = 0;
    }
  };
  return { model, perChunk };
}

async function streamThroughStore(pieces: readonly string[]) {
  const counts = { updates: 0, events: 0 };
  const { model, perChunk } = countingModel(pieces, counts);
  const response = createResponse({ model, input: 'x', output, format: 'json', maxRetries: 0 });
  const store = createFieldStore(response);
  store.subscribe(() => counts.updates++);
  response.subscribe(() => counts.events++);
  // A store fed one event at a time, for comparison.
  const perEvent = createFieldStore();
  response.subscribe((event) => perEvent.dispatch(event));
  await response.getData();
  return { store, perEvent, perChunk };
}

describe('a store bound to a response', () => {
  it('updates once per pushed chunk, however many events the chunk produced', async () => {
    const { perChunk, store } = await streamThroughStore([
      '{"summary":"Disk full',
      ' on db-1","tags":["ops",',
      '"db","disk"],"score":7}',
    ]);
    expect(perChunk.map((chunk) => chunk.updates)).toEqual([1, 1, 1]);
    // Without batching each of these events was its own update.
    for (const chunk of perChunk) expect(chunk.events).toBeGreaterThanOrEqual(3);
    expect(store.getState().data).toEqual({ summary: 'Disk full on db-1', tags: ['ops', 'db', 'disk'], score: 7 });
  });

  it('never updates more than once per chunk, and ends where an event-by-event store ends', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: answer.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const { perChunk, store, perEvent } = await streamThroughStore(splitAt(answer, cuts));
        // A chunk that only adds text (no patch) changes nothing in the store: no update.
        for (const chunk of perChunk) expect(chunk.updates).toBeLessThanOrEqual(1);
        expect(store.getState().data).toEqual(perEvent.getState().data);
        expect(store.getState().streamed).toEqual(perEvent.getState().streamed);
        expect(store.getState().status).toBe('done');
      }),
      { numRuns: 40 },
    );
  });
});

/** A string field's delta patch. */
const patch = (path: string, value: string): StreamingData => ({
  path,
  wildcard_path: path,
  indexes: [],
  delta: value,
  value,
  is_complete: false,
  event_type: 'delta',
});

describe('EventLog chunks', () => {
  it('sends a chunk to batch subscribers in one call and to event subscribers one by one', () => {
    const log = new EventLog();
    const batches: (readonly ResponseEvent[])[] = [];
    const events: ResponseEvent[] = [];
    log.subscribeBatches((batch) => batches.push(batch));
    log.subscribe((event) => events.push(event));
    log.push({ type: 'status', attempt: 0, status: 'streaming' });
    log.push({ type: 'chunk', attempt: 0, text: 'ab', patches: [patch('a', 'x'), patch('b', 'y')] });
    expect(batches.map((batch) => batch.map((event) => event.type))).toEqual([['status'], ['text', 'patch', 'patch']]);
    expect(events.map((event) => event.type)).toEqual(['status', 'text', 'patch', 'patch']);
  });

  it('replays the history to a late batch subscriber in one call; one joining mid-chunk is not sent it twice', () => {
    const log = new EventLog();
    log.push({ type: 'status', attempt: 0, status: 'streaming' });
    const late: (readonly ResponseEvent[])[] = [];
    let joined = false;
    log.subscribe((event) => {
      if (joined || event.type !== 'patch') return;
      joined = true;
      log.subscribeBatches((batch) => late.push(batch));
    });
    log.push({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'x'), patch('b', 'y')] });
    // It joined on the chunk's first event: its replay holds the whole chunk, and nothing follows.
    expect(late.map((batch) => batch.map((event) => event.type))).toEqual([['status', 'patch', 'patch']]);
    log.push({ type: 'status', attempt: 0, status: 'done' });
    expect(late).toHaveLength(2);
  });
});

describe('EventLog chunk listeners (how a bound store follows a response)', () => {
  /** A chunk listener that writes down what it is sent, in order. */
  function recorder(): { listener: ChunkListener; calls: string[]; sent: (readonly StreamingData[])[] } {
    const calls: string[] = [];
    const sent: (readonly StreamingData[])[] = [];
    const listener: ChunkListener = {
      events: (events) => calls.push(`events:${events.map((event) => event.type).join(',')}`),
      patches: ({ attempt, patches }) => {
        sent.push(patches);
        calls.push(`patches:${attempt}:${patches.map((data) => data.path).join(',')}`);
      },
    };
    return { listener, calls, sent };
  }

  it("sends a chunk's patch array as the parser made it, and every other event as a batch", () => {
    const log = new EventLog();
    const { listener, calls, sent } = recorder();
    log.subscribeChunks(listener);
    const patches = [patch('a', 'x'), patch('b', 'y')];
    log.push({ type: 'status', attempt: 0, status: 'streaming' });
    log.push({ type: 'chunk', attempt: 0, text: 'ab', patches });
    log.push({ type: 'chunk', attempt: 0, text: 'text only', patches: [] });
    log.push({ type: 'status', attempt: 0, status: 'done' });
    expect(calls).toEqual(['events:status', 'patches:0:a,b', 'events:status']);
    expect(sent[0]).toBe(patches);
  });

  it('keeps subscription order between batch and chunk listeners, and unsubscribes', () => {
    const log = new EventLog();
    const order: string[] = [];
    const first = log.subscribeBatches(() => order.push('batch 1'));
    const chunks = log.subscribeChunks({ events: () => order.push('chunk'), patches: () => order.push('chunk') });
    log.subscribeBatches(() => order.push('batch 2'));
    log.push({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'x')] });
    expect(order).toEqual(['batch 1', 'chunk', 'batch 2']);
    first();
    chunks();
    order.length = 0;
    log.push({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'xy')] });
    expect(order).toEqual(['batch 2']);
  });

  it('replays the compact history to a late chunk listener; one joining mid-chunk is not sent it again', () => {
    const log = new EventLog();
    const late = recorder();
    let joined = false;
    log.subscribeBatches(() => {
      if (joined) return;
      joined = true;
      log.subscribeChunks(late.listener);
    });
    log.push({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'x')] });
    log.push({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'xy'), patch('b', 'z')] });
    // Joined during the first chunk's delivery: its replay holds that chunk, which is not sent again.
    expect(late.calls).toEqual(['events:patch', 'patches:0:a,b']);
    const replayed = recorder();
    log.subscribeChunks(replayed.listener);
    // A late listener's history is compact: the deltas of `a` are one patch.
    expect(replayed.calls).toEqual(['events:patch,patch']);
  });

  it('reports what a chunk listener throws, and every other listener still gets the chunk', () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const log = new EventLog();
      const bug = () => {
        throw new Error('listener bug');
      };
      log.subscribeChunks({ events: bug, patches: bug });
      const after = recorder();
      log.subscribeChunks(after.listener);
      log.push({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'x')] });
      log.push({ type: 'status', attempt: 0, status: 'done' });
      expect(after.calls).toEqual(['patches:0:a', 'events:status']);
      expect(reported).toHaveBeenCalledTimes(2);
      expect(String(reported.mock.calls[0])).toContain('listener bug');
    } finally {
      reported.mockRestore();
    }
  });

  it('is part of every response; a hand-made source with only subscribe is followed event by event', async () => {
    const response = createResponse({
      model: async function* () {
        yield { type: 'text', delta: answer };
      },
      input: 'x',
      output,
      format: 'json',
    });
    expect(response.subscribeChunks).toBeTypeOf('function');
    const source = { subscribe: (listener: (event: ResponseEvent) => void) => response.subscribe(listener) };
    const store = createFieldStore(source);
    await response.getData();
    expect(store.getState().data).toEqual({ summary: 'Disk full on db-1', tags: ['ops', 'db', 'disk'], score: 7 });
  });
});

describe('a bound store with no listener (decision 0026)', () => {
  const done = (path: string, value: unknown): StreamingData => ({
    ...patch(path, ''),
    delta: '',
    value,
    is_complete: true,
    event_type: 'done',
    completion_source: 'observed_boundary',
  });
  const open = (path: string, value: unknown): StreamingData => ({ ...patch(path, ''), value });
  // Strings streaming, containers opening and closing, a malformed path, a late stale patch.
  const patches = fc.constantFrom(
    open('', {}),
    patch('a', 'x'),
    patch('a', 'xy'),
    done('a', 'xy'),
    open('list', []),
    patch('list[0]', 'p'),
    patch('list[0]', 'pq'),
    open('list[1]', {}),
    patch('list[1].k', 'v'),
    done('list[1]', { k: 'v' }),
    done('list', ['pq', { k: 'v' }]),
    patch('b.c', 'deep'),
    patch('a..b', 'bad'),
  );
  const input = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.constantFrom(0, 1), fc.array(patches, { minLength: 1, maxLength: 3 })) },
    { weight: 1, arbitrary: fc.constantFrom('retry', 'final', 'read') },
  );

  /** What the generated input `each` sends: a retry's attempt, the final data or a chunk. */
  const sentOf = (each: 'retry' | 'final' | [number, StreamingData[]]): ChunkEvent | ResponseEvent[] =>
    each === 'retry'
      ? [{ type: 'attempt', attempt: 1, format: 'json' }]
      : each === 'final'
        ? [{ type: 'final', attempt: 1, data: { a: 'xy' } }]
        : { type: 'chunk', attempt: each[0], text: '', patches: each[1] };

  /**
   * The two stores read the same status, trees and field states, at the paths either has a record
   * of (a container one update received whole keeps one record for its paths: decision 0027).
   */
  function expectSameEnd(one: FieldStore, other: FieldStore): void {
    const [a, b] = [one.getState(), other.getState()];
    expect([a.status, a.attempt, a.error?.code, a.hasFinal]).toEqual([b.status, b.attempt, b.error?.code, b.hasFinal]);
    expect(a.data).toEqual(b.data);
    expect(a.streamed).toEqual(b.streamed);
    const recorded = [...a.fields.entries(), ...b.fields.entries()].map(([path]) => path);
    for (const path of new Set(['a', 'list', 'list[0]', 'list[1]', 'list[1].k', 'b.c', ...recorded]))
      expect([path, one.getField(path)]).toEqual([path, other.getField(path)]);
  }

  it('ends exactly where a store that hears every chunk ends, whenever it is read', () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 25 }), (inputs) => {
        const quiet = chunkSource();
        const heard = chunkSource();
        const unheard = createFieldStore(quiet.source);
        const store = createFieldStore(heard.source);
        let updates = 0;
        store.subscribe(() => updates++);
        for (const each of inputs) {
          if (each === 'read') {
            expect(unheard.getState().data).toEqual(store.getState().data);
            continue;
          }
          const sent = sentOf(each);
          quiet.send(sent);
          heard.send(sent);
        }
        expectSameEnd(unheard, store);
      }),
      { numRuns: 300 },
    );
  });

  it('applies nothing until read, then all of it in one update; a listener gets each chunk at once', () => {
    const { source, send } = chunkSource();
    const store = createFieldStore(source);
    const initial = store.getState();
    send({ type: 'chunk', attempt: 0, text: '', patches: [open('', {}), patch('a', 'x')] });
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'xy')] });
    const read = store.getState();
    expect(read).not.toBe(initial);
    expect(read.data).toEqual({ a: 'xy' });
    expect(store.getState()).toBe(read);
    const seen: unknown[] = [];
    const unsubscribe = store.subscribe((state) => seen.push(state.data));
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'xyz')] });
    expect(seen).toEqual([{ a: 'xyz' }]);
    unsubscribe();
    send({ type: 'chunk', attempt: 0, text: '', patches: [done('a', 'xyzw')] });
    expect(seen).toHaveLength(1);
    expect(store.getField('a')).toMatchObject({ value: 'xyzw', isComplete: true });
  });

  it('keeps what came before a malformed patch and reports it as the store error, as a listened store does', () => {
    const { source, send } = chunkSource();
    const store = createFieldStore(source);
    send({ type: 'chunk', attempt: 0, text: '', patches: [open('', {}), patch('a', 'x')] });
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a..b', 'bad')] });
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('c', 'late')] });
    const state = store.getState();
    expect(state.status).toBe('error');
    expect(state.error?.code).toBe('STORE_INVALID_PATCH');
    expect(state.data).toEqual({ a: 'x' });
  });

  it('with only read-later subscribers (onPending), holds chunks until read and tells them once per wait', () => {
    const { source, send } = chunkSource();
    const store = createFieldStore(source);
    const calls: string[] = [];
    const onPending = () => calls.push('pending');
    const seen: [unknown, unknown][] = [];
    store.subscribe((state, previous) => seen.push([state.data, previous.data]), { onPending });
    const heardA: unknown[] = [];
    store.subscribePath('a', (state) => heardA.push(state.data), { onPending });
    const heardB: unknown[] = [];
    store.subscribePath('b', (state) => heardB.push(state.data), { onPending });
    send([{ type: 'attempt', attempt: 0, format: 'json' }]);
    seen.length = 0;
    heardB.length = 0;
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'x')] });
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'xy')] });
    // One call, however many subscriptions passed the same function and however many chunks wait.
    expect(calls).toEqual(['pending']);
    expect(seen).toEqual([]);
    expect(store.getState().data).toEqual({ a: 'xy' });
    expect(seen).toEqual([[{ a: 'xy' }, undefined]]);
    expect(heardA).toEqual([undefined, { a: 'xy' }]);
    expect(heardB).toEqual([]);
    // The next chunk starts a new wait; a status applies at once, with the chunk before it.
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('b', 'q')] });
    expect(calls).toEqual(['pending', 'pending']);
    send([{ type: 'status', attempt: 0, status: 'validating' }]);
    expect(seen.at(-1)).toEqual([{ a: 'xy', b: 'q' }, { a: 'xy' }]);
    expect(store.getState().status).toBe('validating');
    expect(heardB).toEqual([{ a: 'xy', b: 'q' }]);
    expect(calls).toHaveLength(2);
  });

  it('applies every chunk at once as soon as one subscriber has no onPending', () => {
    const { source, send } = chunkSource();
    const store = createFieldStore(source);
    const onPending = vi.fn();
    const seen: unknown[] = [];
    store.subscribe((state) => seen.push(state.data), { onPending });
    send({ type: 'chunk', attempt: 0, text: '', patches: [open('', {}), patch('a', 'x')] });
    expect(onPending).toHaveBeenCalledTimes(1);
    store.subscribePath('a', () => {});
    expect(seen).toEqual([{ a: 'x' }]);
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'xy')] });
    expect(seen).toEqual([{ a: 'x' }, { a: 'xy' }]);
    expect(onPending).toHaveBeenCalledTimes(1);
  });

  it('stops calling an onPending once every subscription that passed it ended; checks it and reports what it throws', () => {
    const { source, send } = chunkSource();
    const store = createFieldStore(source);
    const onPending = vi.fn();
    const first = store.subscribe(() => {}, { onPending });
    const second = store.subscribePath('a', () => {}, { onPending });
    first();
    first();
    send({ type: 'chunk', attempt: 0, text: '', patches: [open('', {})] });
    expect(onPending).toHaveBeenCalledTimes(1);
    second();
    store.getState();
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'x')] });
    expect(onPending).toHaveBeenCalledTimes(1);
    expect(() => store.subscribe(() => {}, { onPending: 'soon' as never })).toThrow(
      expect.objectContaining({ name: 'ArgumentError', argument: 'store.subscribe options.onPending' }),
    );
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    store.subscribe(() => {}, {
      onPending: () => {
        throw new Error('boom');
      },
    });
    send({ type: 'chunk', attempt: 0, text: '', patches: [patch('a', 'xy')] });
    expect(errors).toHaveBeenCalledWith(
      expect.stringContaining('onPending'),
      expect.objectContaining({ message: 'boom' }),
    );
    errors.mockRestore();
    expect(store.getState().data).toEqual({ a: 'xy' });
  });

  it('a read-later subscriber ends where a store that hears every chunk ends, and hears what changed at each read', () => {
    fc.assert(
      fc.property(fc.array(input, { maxLength: 25 }), (inputs) => {
        const later = chunkSource();
        const heard = chunkSource();
        const deferred = createFieldStore(later.source);
        const store = createFieldStore(heard.source);
        store.subscribe(() => {});
        let waits = 0;
        const updates: unknown[] = [];
        deferred.subscribe((state) => updates.push(state.data), { onPending: () => waits++ });
        // A wait starts with the first chunk after a read or another event, and is told once.
        let waiting = false;
        let expectedWaits = 0;
        for (const each of inputs) {
          if (each === 'read') {
            const before = updates.length;
            expect(deferred.getState().data).toEqual(store.getState().data);
            // One update for everything that waited (one per chunk only when one is malformed).
            if (deferred.getState().status !== 'error') expect(updates.length - before).toBeLessThanOrEqual(1);
            waiting = false;
            continue;
          }
          const sent = sentOf(each);
          if (!Array.isArray(sent) && !waiting) expectedWaits++;
          waiting = !Array.isArray(sent);
          later.send(sent);
          heard.send(sent);
        }
        expect(waits).toBe(expectedWaits);
        expectSameEnd(deferred, store);
        expect(updates.at(-1) ?? deferred.getInitialState().data).toEqual(deferred.getState().data);
      }),
      { numRuns: 300 },
    );
  });
});
