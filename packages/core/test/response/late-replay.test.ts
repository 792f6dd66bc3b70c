// A late subscriber replays the response's compact history (decision 0014): coalesced deltas,
// one text per attempt; a store bound late must end where a store bound from the start ends.
import {
  createFieldStore,
  createResponse,
  defineOutput,
  type FieldStore,
  type ModelEvent,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { jsonValues } from '../support/json-values';
import { chunks, collect, deferred, scripted } from './model-helpers';

const valueArbitrary = fc.record({
  title: fc.string({ maxLength: 40 }),
  tags: fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }),
  items: fc.array(fc.record({ name: fc.string({ maxLength: 20 }), score: fc.integer() }), { maxLength: 4 }),
});

/** Cuts `text` into pieces of `sizes[0]`, `sizes[1]`, … characters, the sizes taken in turn. */
function cutBySizes(text: string, sizes: readonly number[]): string[] {
  const pieces: string[] = [];
  for (let at = 0, i = 0; at < text.length; i++) {
    const size = sizes[i % sizes.length] as number;
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
}

/** Splits `text` at the given cut points. */
function split(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const point of [...points, text.length]) {
    if (point > from) pieces.push(text.slice(from, point));
    from = point;
  }
  return pieces;
}

describe('late subscribers', () => {
  it('a store bound after the end reaches the state of a store bound from the start', async () => {
    await fc.assert(
      fc.asyncProperty(valueArbitrary, fc.array(fc.nat(), { maxLength: 30 }), async (value, cuts) => {
        const answer = JSON.stringify(value, null, 1);
        const response = createResponse({ model: scripted(split(answer, cuts)), input: 'x', format: 'json' });
        const early = createFieldStore(response);
        await response.getData();
        const late = createFieldStore(response);
        const paths = collectPaths(value);
        expect(late.getState().status).toBe('done');
        expect(late.getState().data).toEqual(early.getState().data);
        expect(late.getState().final).toEqual(value);
        for (const path of paths) expect(late.getField(path)).toEqual(early.getField(path));
      }),
      { numRuns: 60 },
    );
  });

  it('a store bound after a retry reaches, at every path of both attempts, the state of one bound from the start', async () => {
    await fc.assert(
      fc.asyncProperty(
        valueArbitrary,
        valueArbitrary,
        fc.array(fc.nat(), { maxLength: 20 }),
        async (first, second, cuts) => {
          // The first answer has no title, so ensure rejects it and the retry streams the second one (titled).
          const failed = JSON.stringify({ ...first, title: null }, null, 1);
          const answer = JSON.stringify({ ...second, title: `ok ${second.title}` }, null, 1);
          const response = createResponse({
            model: scripted(split(failed, cuts), split(answer, cuts)),
            input: 'x',
            output: defineOutput({ title: ['string', 'a title', 'not_null'] }),
            format: 'json',
            retry: { baseDelayMs: 0, maxDelayMs: 0, jitter: 0 },
          });
          const early = createFieldStore(response);
          await response.getData();
          const late = createFieldStore(response);
          expectSameStore(late, early, [first, second]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a store bound mid-stream, listening, reading later or not at all, ends where one bound from the start ends', async () => {
    let boundMidStream = 0;
    await fc.assert(
      fc.asyncProperty(
        valueArbitrary,
        valueArbitrary,
        fc.array(fc.integer({ min: 1, max: 25 }), { minLength: 1, maxLength: 4 }),
        fc.nat(60),
        fc.constantFrom('not at all', 'listening', 'later'),
        fc.boolean(),
        async (first, second, sizes, bindAt, reads, retries) => {
          const answers = [JSON.stringify({ ...second, title: `ok ${second.title}` })];
          // A first answer without a title: ensure rejects it, and the retry streams the second.
          if (retries) answers.unshift(JSON.stringify({ ...first, title: null }));
          let chunk = 0;
          let bind = (): void => {};
          const model = async function* (): AsyncGenerator<ModelEvent> {
            for (const delta of cutBySizes(answers.shift() as string, sizes)) {
              yield { type: 'text', delta };
              if (chunk++ === bindAt) bind();
              await Promise.resolve();
            }
          };
          const response = createResponse({
            model,
            input: 'x',
            format: 'json',
            output: defineOutput({ title: ['string', 'a title', 'not_null'] }),
            retry: { baseDelayMs: 0, maxDelayMs: 0, jitter: 0 },
          });
          const early = createFieldStore(response);
          let late: FieldStore | undefined;
          bind = () => {
            boundMidStream++;
            const store = createFieldStore(response);
            if (reads === 'listening') store.subscribe(() => {});
            if (reads === 'later')
              store.subscribe(() => {}, { onPending: () => queueMicrotask(() => store.getState()) });
            late = store;
          };
          await response.getData();
          late ??= createFieldStore(response);
          expectSameStore(late, early, [first, second]);
        },
      ),
      { numRuns: 200 },
    );
    // The property held for stores bound while the answer streamed, not only after it.
    expect(boundMidStream).toBeGreaterThan(50);
  });

  it('a store bound after an answer of 150 000 paths holds all of it, each field done', async () => {
    // Past ~120 000, spreading a list into push() arguments throws RangeError: the history once
    // went that way, and a store bound late stayed idle.
    const items = Array.from({ length: 150_000 }, (_, i) => i);
    const response = createResponse({
      model: scripted(chunks(JSON.stringify({ items }), 50_000)),
      input: 'x',
      format: 'json',
    });
    await response.getData();
    const store = createFieldStore(response);
    expect(store.getState().status).toBe('done');
    expect(store.getState().data).toEqual({ items });
    expect(store.getField('items[149999]')).toMatchObject({ value: 149_999, isComplete: true, stale: false });
  }, 60_000);

  it('a late subscriber spells every path as the live stream did: text, value, wildcard path, indexes, done, order', async () => {
    const key = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('k', 'list', 'a_1', 'x') },
      { weight: 1, arbitrary: fc.constantFrom('two words', 'dot.ted', '', 'br[0]', '7') },
    );
    const answer = fc.dictionary(key, jsonValues(key, 6), { minKeys: 1, maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(
        answer,
        fc.array(answer, { maxLength: 2 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (value, calls, sizes, thinks) => {
          // The answer (after reasoning, sometimes), then tool calls, each cut by the same sizes.
          const pieces = (text: string) => cutBySizes(text, sizes);
          const text = `${thinks ? '<think>let me see</think>' : ''}${JSON.stringify(value, null, 1)}`;
          const events: ModelEvent[] = pieces(text).map((delta) => ({ type: 'text', delta }));
          for (const [index, args] of calls.entries()) {
            for (const delta of pieces(JSON.stringify(args))) {
              events.push({ type: 'tool_call', key: index, id: `c${index}`, name: 'f', delta });
            }
          }
          const response = createResponse({ model: scripted(events), input: 'x', format: 'json' });
          const live = patchesOf(response);
          await response.getData();
          expect(spelling(patchesOf(response))).toEqual(spelling(live));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('replays each path once as a delta with its whole text, then its done', async () => {
    const answer = '{"title": "Hello there", "tags": ["a", "bc"]}';
    const response = createResponse({
      model: scripted(split(answer, [3, 14, 17, 20, 33])),
      input: 'x',
      format: 'json',
    });
    const live = await collect(response.instant());
    const late = await collect(response.instant());
    const titleDeltas = live.filter((event) => event.path === 'title' && event.event_type === 'delta');
    expect(titleDeltas.length).toBeGreaterThan(1);
    expect(late.filter((event) => event.path === 'title')).toEqual([
      {
        path: 'title',
        wildcard_path: 'title',
        indexes: [],
        delta: 'Hello there',
        value: 'Hello there',
        is_complete: false,
        event_type: 'delta',
      },
      {
        path: 'title',
        wildcard_path: 'title',
        indexes: [],
        delta: '',
        value: 'Hello there',
        is_complete: true,
        event_type: 'done',
        completion_source: 'observed_boundary',
      },
    ]);
    expect(late.find((event) => event.path === 'tags[1]' && event.event_type === 'delta')).toMatchObject({
      wildcard_path: 'tags[*]',
      indexes: [1],
      delta: 'bc',
    });
    expect(late.map((event) => `${event.path}:${event.event_type}`)).toEqual([
      ':delta',
      'title:delta',
      'title:done',
      'tags:delta',
      'tags[0]:delta',
      'tags[0]:done',
      'tags[1]:delta',
      'tags[1]:done',
      'tags:done',
      ':done',
    ]);
  });

  it('a reader joining mid-stream gets the text so far as one chunk, then the rest live', async () => {
    const gate = deferred();
    const model = scripted(['{"title": ', '"Hel', 'lo"', { wait: gate.promise }, ', "tags": []}']);
    const response = createResponse({ model, input: 'x', format: 'json' });
    const early: string[] = [];
    const reading = (async () => {
      for await (const delta of response.deltas()) early.push(delta);
    })();
    await vi.waitFor(() => expect(early).toHaveLength(3));
    const late = collect(response.deltas());
    gate.resolve();
    await reading;
    expect(early).toEqual(['{"title": ', '"Hel', 'lo"', ', "tags": []}']);
    expect(await late).toEqual(['{"title": "Hello"', ', "tags": []}']);
  });

  it('subscribe replays statuses and retries exactly, and text once per attempt', async () => {
    const response = createResponse({
      model: scripted(['{"title": ', 'null}'], ['{"title": "ok', '"}']),
      input: 'x',
      output: defineOutput({ title: ['string', 'a title', 'not_null'] }),
      format: 'json',
    });
    const live: ResponseEvent[] = [];
    response.subscribe((event) => live.push(event));
    await response.getData();
    const late: ResponseEvent[] = [];
    response.subscribe((event) => late.push(event));
    const outline = (events: ResponseEvent[]) =>
      events.filter((event) => event.type !== 'patch' && event.type !== 'text');
    expect(outline(late)).toEqual(outline(live));
    expect(late.filter((event) => event.type === 'text')).toEqual([
      { type: 'text', attempt: 0, delta: '{"title": null}' },
      { type: 'text', attempt: 1, delta: '{"title": "ok"}' },
    ]);
  });
});

function collectPaths(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [path];
  const children = Array.isArray(value)
    ? value.flatMap((item, i) => collectPaths(item, `${path}[${i}]`))
    : Object.entries(value).flatMap(([key, item]) => collectPaths(item, path === '' ? key : `${path}.${key}`));
  return [path, ...children];
}

/** Every patch a subscriber hears from now on, with its attempt. */
function patchesOf(response: { subscribe(listener: (event: ResponseEvent) => void): () => void }) {
  const patches: { attempt: number; data: StreamingData }[] = [];
  response.subscribe((event) => {
    if (event.type === 'patch') patches.push({ attempt: event.attempt, data: event.data });
  });
  return patches;
}

/** Per attempt and path, in first-seen order: what its patches spell together. */
function spelling(patches: readonly { attempt: number; data: StreamingData }[]) {
  const out = new Map<string, { text: string; value: unknown; wildcard: string; indexes: number[]; done: string[] }>();
  for (const { attempt, data } of patches) {
    const key = `${attempt}:${data.path}`;
    const entry = out.get(key) ?? { text: '', value: undefined, wildcard: '', indexes: [], done: [] };
    entry.text += data.delta;
    entry.value = data.value;
    entry.wildcard = data.wildcard_path;
    entry.indexes = data.indexes;
    if (data.event_type === 'done') entry.done.push(data.completion_source ?? '');
    out.set(key, entry);
  }
  return [...out];
}

/** The two stores read the same status, attempt, retry, trees, and field state at every path of `values`. */
function expectSameStore(late: FieldStore, early: FieldStore, values: readonly unknown[]): void {
  const [was, is] = [early.getState(), late.getState()];
  expect([is.status, is.attempt, is.retry]).toEqual([was.status, was.attempt, was.retry]);
  expect(is.data).toEqual(was.data);
  expect(is.streamed).toEqual(was.streamed);
  for (const path of new Set(values.flatMap((value) => collectPaths(value)))) {
    expect([path, late.getField(path)]).toEqual([path, early.getField(path)]);
  }
}
