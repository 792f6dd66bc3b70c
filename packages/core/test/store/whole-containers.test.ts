import {
  appendSegment,
  type ChunkEvent,
  createFieldStore,
  createStreamParser,
  type FieldStore,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closedSpans } from '../../src/store/closed-spans';
import { chunkSource } from '../support/chunk-source';
import { splitAt } from '../support/chunkings';
import { jsonValues } from '../support/json-values';

// Decision 0027: an update that holds a container's whole stream writes the container once.

/**
 * A store that applies what it is sent when read, and one that hears each patch as a chunk of its
 * own (one update per patch: no update holds a container's opening and its `done`).
 */
function storePair() {
  const heard = chunkSource();
  const quiet = chunkSource();
  const perPatch = createFieldStore(heard.source);
  perPatch.subscribe(() => {});
  const whenRead = createFieldStore(quiet.source);
  const send = (input: ChunkEvent | ResponseEvent[]): void => {
    if (Array.isArray(input)) heard.send(input);
    else for (const data of input.patches) heard.send(chunk(input.attempt, [data]));
    quiet.send(input);
  };
  return { perPatch, whenRead, send };
}

/** The patches the JSON stream parser makes of `text` cut into `pieces`, one chunk per piece (and the finish). */
function parsedChunks(pieces: readonly string[], attempt: number): ChunkEvent[] {
  const parser = createStreamParser({ format: 'json' });
  const chunks = [...pieces.map((piece) => parser.push(piece)), parser.finish()];
  return chunks.filter((patches) => patches.length > 0).map((patches) => chunk(attempt, patches));
}

const chunk = (attempt: number, patches: StreamingData[]): ChunkEvent => ({
  type: 'chunk',
  attempt,
  text: '',
  patches,
});

/** Every path of a JSON value (containers included), as `formatPath` writes them. */
function pathsOf(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return [path];
  const children = Object.entries(value).map(([key, child]) =>
    pathsOf(child, appendSegment(path, Array.isArray(value) ? Number(key) : key)),
  );
  return [path, ...children.flat()];
}

/** The two stores read the same status, trees and field state at every path of `values` (and a few absent ones). */
function expectSameFields(one: FieldStore, other: FieldStore, values: readonly unknown[]): void {
  const [a, b] = [one.getState(), other.getState()];
  expect([a.status, a.attempt, a.error?.code, a.hasFinal]).toEqual([b.status, b.attempt, b.error?.code, b.hasFinal]);
  expect(a.data).toEqual(b.data);
  expect(a.streamed).toEqual(b.streamed);
  const paths = new Set(values.flatMap((value) => pathsOf(value)));
  for (const absent of ['nowhere', 'k[9]', 'k.nowhere', 'list[7].x']) paths.add(absent);
  for (const path of paths) expect([path, one.getField(path)]).toEqual([path, other.getField(path)]);
}

const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('k', 'list', 'name', 'x', 'y', 'tags', 'a_1') },
  { weight: 1, arbitrary: fc.constantFrom('two words', 'dot.ted', '') },
);
const json = jsonValues(key);
const answer = fc.oneof(
  fc.dictionary(key, json, { minKeys: 1, maxKeys: 5 }),
  fc.array(json, { minLength: 1, maxLength: 4 }),
);

/** Cuts of a text into chunks, and after which chunks the store that applies when read is read. */
const streamOf = (text: string) =>
  fc.tuple(
    fc.array(fc.integer({ min: 1, max: Math.max(1, text.length - 1) }), { maxLength: 20 }),
    fc.array(fc.nat(), { maxLength: 3 }),
  );

describe('a store writing a container it received whole in one update (decision 0027)', () => {
  it('reads, at every path, what a store that applied each patch reads, whenever it is read', () => {
    let wrote = 0;
    fc.assert(
      fc.property(
        answer.chain((value) => {
          const text = JSON.stringify(value, null, value === null ? 0 : 1);
          return fc.tuple(fc.constant(value), fc.constant(text), streamOf(text));
        }),
        ([value, text, [cuts, reads]]) => {
          const { perPatch, whenRead, send } = storePair();
          const chunks = parsedChunks(splitAt(text, cuts), 0);
          chunks.forEach((each, index) => {
            send(each);
            if (reads.some((read) => read % chunks.length === index)) {
              expect(whenRead.getState().data).toEqual(perPatch.getState().data);
            }
          });
          expectSameFields(whenRead, perPatch, [value]);
          if (whenRead.getState().fields.size < perPatch.getState().fields.size) wrote++;
          send([{ type: 'final', attempt: 0, data: value }]);
          expectSameFields(whenRead, perPatch, [value]);
        },
      ),
      { numRuns: 300 },
    );
    // The property held for updates that wrote containers whole, not only for ones that could not.
    expect(wrote).toBeGreaterThan(100);
  });

  it('keeps each path’s newest attempt across a retry that keeps the failed attempt’s fields', () => {
    fc.assert(
      fc.property(
        answer,
        answer,
        fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 8 }),
        fc.nat(),
        (first, second, cuts, stop) => {
          const { perPatch, whenRead, send } = storePair();
          const failed = parsedChunks(splitAt(JSON.stringify(first), cuts), 0);
          // The failed attempt stops anywhere; the retry streams the second answer whole.
          for (const each of failed.slice(0, 1 + (stop % failed.length))) send(each);
          whenRead.getState();
          send([{ type: 'attempt', attempt: 1, format: 'json' }]);
          for (const each of parsedChunks(splitAt(JSON.stringify(second), cuts), 1)) send(each);
          expectSameFields(whenRead, perPatch, [first, second]);
          send([{ type: 'final', attempt: 1, data: second }]);
          expectSameFields(whenRead, perPatch, [first, second]);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('closedSpans', () => {
  const delta = (path: string, value: unknown): StreamingData => ({
    path,
    wildcard_path: path,
    indexes: [],
    delta: typeof value === 'string' ? value : '',
    value,
    is_complete: false,
    event_type: 'delta',
  });
  const done = (path: string, value: unknown, source = 'observed_boundary'): StreamingData => ({
    ...delta(path, value),
    delta: '',
    is_complete: true,
    event_type: 'done',
    completion_source: source as StreamingData['completion_source'],
  });
  /**
   * The spans of these patches, as [start, end] pairs. Given as two chunks (the second empty): one
   * chunk of fewer than 4 patches is not searched at all.
   */
  const spansOf = (patches: StreamingData[]): [number, number][] => {
    const ends = closedSpans([chunk(0, patches), chunk(0, [])]);
    return ends === undefined ? [] : Object.entries(ends).map(([start, end]) => [Number(start), end]);
  };
  const item = [delta('list[0]', {}), delta('list[0].a', 'x'), done('list[0].a', 'x'), done('list[0]', { a: 'x' })];

  it('finds each container from its opening to its observed done, inner ones too', () => {
    expect(spansOf([delta('list', []), ...item, done('list', [{ a: 'x' }])])).toEqual([
      [0, 5],
      [1, 4],
    ]);
    // The root: its children are bare keys and indexes.
    expect(spansOf([delta('', {}), delta('a', 'x'), done('a', 'x'), done('', { a: 'x' })])).toEqual([[0, 3]]);
    // Indexes of more than one digit, keys with digits and underscores.
    const items = Array.from({ length: 102 }, (_, i) => done(`l[${i}]`, i));
    expect(
      spansOf([
        delta('l', []),
        ...items,
        done(
          'l',
          items.map((_, i) => i),
        ),
      ]),
    ).toEqual([[0, 103]]);
    expect(
      spansOf([delta('o', {}), done('o._a1', 'x'), done('o.B_2', 'y'), done('o', { _a1: 'x', B_2: 'y' })]),
    ).toEqual([[0, 3]]);
  });

  it('finds none where a skipped patch could do something the container does not', () => {
    const cases: StreamingData[][] = [
      // A child that ends without its done (its record would stay incomplete).
      [delta('o', {}), delta('o.a', 'x'), done('o', { a: 'x' })],
      // A child done not observed at its boundary, or the container's own.
      [delta('o', {}), done('o.a', 'x', 'synthetic_repair'), done('o', { a: 'x' })],
      [delta('o', {}), done('o.a', 'x'), done('o', { a: 'x' }, 'final_reconciliation')],
      // Malformed, deeper, quoted or elsewhere: the store must parse these paths.
      [delta('o', {}), done('o..a', 'x'), done('o', { a: 'x' })],
      [delta('o', {}), done('o.a.b', 'x'), done('o', { a: { b: 'x' } })],
      [delta('o', {}), done('o["a"]', 'x'), done('o', { a: 'x' })],
      [delta('o', {}), done('p', 'x'), done('o', {})],
      [delta('o', {}), done('o.1a', 'x'), done('o', { '1a': 'x' })],
      [delta('o', {}), done('o.', 'x'), done('o', { '': 'x' })],
      [delta('o', {}), done('o.é', 'x'), done('o', { é: 'x' })],
      [delta('o', {}), done('o.a-b', 'x'), done('o', { 'a-b': 'x' })],
      // Another container's child of the same length.
      [delta('o', {}), done('p.a', 'x'), done('o', { a: 'x' })],
      [delta('l', []), done('m[0]', 'x'), done('l', ['x'])],
      // Indexes out of order, with a leading zero, or under an object; a key under a list.
      [delta('l', []), done('l[1]', 'x'), done('l', [undefined, 'x'])],
      [delta('l', []), done('l[0]', 'x'), done('l[00]', 'y'), done('l', ['x', 'y'])],
      [delta('l', []), done('l[0', 'x'), done('l', ['x'])],
      [delta('l', []), done('l0]', 'x'), done('l', ['x'])],
      [delta('l', []), done('l[]', 'x'), done('l', ['x'])],
      [delta('l', []), done('l[+0]', 'x'), done('l', ['x'])],
      [delta('l', []), done('l.[0]', 'x'), done('l', ['x'])],
      [delta('o', {}), done('o[0]', 'x'), done('o', { 0: 'x' })],
      [delta('l', []), done('l.a', 'x'), done('l', [])],
      // A finished container holding other children than those that streamed.
      [delta('l', []), done('l', ['x'])],
      [delta('o', {}), done('o.a', 'x'), done('o', { b: 'x' })],
      [delta('o', {}), done('o.ab', 'x'), done('o', { a: 'x' })],
      [delta('o', {}), done('o.a', 'x'), done('o', { a: 'x', b: 'y' })],
      // A child container that arrives whole (its own paths were never streamed); a `$` channel.
      [delta('o', {}), done('o.a', { b: 1 }), done('o', { a: { b: 1 } })],
      [delta('$tools[0]', {}), done('$tools[0].name', 'x'), done('$tools[0]', { name: 'x' })],
    ];
    for (const patches of cases)
      expect([patches.map((each) => each.path), spansOf(patches)]).toEqual([patches.map((each) => each.path), []]);
    // A path too long for a field state to look its ancestors up.
    const long = `o${'.abcdefgh'.repeat(30)}`;
    expect(spansOf([delta(long, {}), done(`${long}.a`, 'x'), done(long, { a: 'x' })])).toEqual([]);
  });

  it('does not search one chunk of fewer than 4 patches', () => {
    const whole = [delta('o', {}), done('o.a', 'x'), done('o', { a: 'x' })];
    expect(closedSpans([chunk(0, whole)])).toBeUndefined();
    expect(spansOf(whole)).toEqual([[0, 2]]);
  });

  it('ends every span at an event list or another attempt', () => {
    const ends = closedSpans([
      chunk(0, [delta('o', {})]),
      [{ type: 'status', attempt: 0, status: 'streaming' }],
      chunk(0, [done('o.a', 'x'), done('o', { a: 'x' })]),
    ]);
    expect(ends).toBeUndefined();
    expect(
      closedSpans([chunk(0, [delta('o', {})]), chunk(1, [done('o.a', 'x'), done('o', { a: 'x' })])]),
    ).toBeUndefined();
  });

  it('leaves a malformed path inside a container to the store, which reports it as a listened store does', () => {
    const { perPatch, whenRead, send } = storePair();
    send(chunk(0, [delta('', {}), delta('o', {}), done('o.a', 'x')]));
    send(chunk(0, [done('o..b', 'bad')]));
    send(chunk(0, [done('o', { a: 'x' })]));
    send(chunk(0, [done('c', 'late')]));
    expectSameFields(whenRead, perPatch, [{ o: { a: 'x' } }]);
    expect(whenRead.getState().error?.code).toBe('STORE_INVALID_PATCH');
    expect(whenRead.getState().data).toEqual({ o: { a: 'x' } });
  });

  it('gives the paths below a container written whole its record, unless a path has a newer one', () => {
    const { whenRead, send } = storePair();
    send(chunk(0, [delta('', {}), delta('o', {}), delta('o.a', 'x'), done('o.a', 'x'), done('o', { a: 'x' })]));
    expect(whenRead.getState().fields.has('o.a')).toBe(false);
    expect(whenRead.getField('o.a')).toEqual({
      value: 'x',
      isComplete: true,
      completionSource: 'observed_boundary',
      attempt: 0,
      stale: false,
      reconciled: undefined,
      rejected: undefined,
    });
    // The parser reconciles the value later in the same attempt: the path's own record wins.
    send(chunk(0, [delta('o.a', 'xy'), done('o.a', 'xy', 'final_reconciliation')]));
    expect(whenRead.getField('o.a')).toMatchObject({ value: 'xy', completionSource: 'final_reconciliation' });
    // A retry that keeps the failed attempt's fields: the path reads stale until rewritten.
    send([{ type: 'attempt', attempt: 1, format: 'json' }]);
    send(chunk(1, [delta('', {}), done('z', 1)]));
    expect(whenRead.getField('o.a')).toMatchObject({ stale: true, attempt: 0 });
  });
});
