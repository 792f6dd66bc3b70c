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
import { chunkSource } from '../support/chunk-source';
import { splitAt } from '../support/chunkings';
import { jsonValues } from '../support/json-values';

// Decision 0026: a store nothing listens to applies what it was sent when read, in one update.

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

describe('a store that applies what it was sent when read (decision 0026)', () => {
  it('reads, at every path, what a store that applied each patch reads, whenever it is read', () => {
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
          send([{ type: 'final', attempt: 0, data: value }]);
          expectSameFields(whenRead, perPatch, [value]);
        },
      ),
      { numRuns: 300 },
    );
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

describe('a store read when it likes, against one that hears each patch', () => {
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

  it('keeps each path’s own record through a container’s done, a later reconciliation and a retry', () => {
    const { whenRead, send } = storePair();
    send(chunk(0, [delta('', {}), delta('o', {}), delta('o.a', 'x'), done('o.a', 'x'), done('o', { a: 'x' })]));
    expect([...whenRead.getState().fields.keys()]).toEqual(['', 'o', 'o.a']);
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
