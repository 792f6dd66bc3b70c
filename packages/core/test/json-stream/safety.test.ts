import { createStreamParser, DepthLimitError, type StreamingData } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { JsonStreamParser } from '../../src/formats/json/json-stream-parser';
import { charChunks, seededChunkings } from '../support/chunkings';

const N = 100_000;

/** Follows `step` from `value` while it yields a container; returns how many containers it saw. */
function depthOf(value: unknown, step: (container: object) => unknown): number {
  let depth = 0;
  let node = value;
  while (node !== null && typeof node === 'object') {
    depth++;
    node = step(node);
  }
  return depth;
}

function pushAll(parser: { push(chunk: string): StreamingData[] }, chunks: readonly string[]): StreamingData[] {
  const events: StreamingData[] = [];
  for (const chunk of chunks) for (const event of parser.push(chunk)) events.push(event);
  return events;
}

describe('prototype keys are data', () => {
  const text =
    '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "prototype": 1, ' +
    '"list": [{"__proto__": {"polluted": "yes"}}], "toString": "x"}';

  it('never pollutes Object.prototype, under any chunking and with snapshots taken midway', () => {
    for (const chunks of [[text], charChunks(text), ...seededChunkings(text, 20, 5)]) {
      const parser = new JsonStreamParser();
      for (const chunk of chunks) {
        parser.push(chunk);
        parser.snapshot(); // copies open containers: must copy __proto__ as data too
      }
      parser.finish(undefined);
      const value = parser.snapshot() as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.hasOwn(value, '__proto__')).toBe(true);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 'yes' });
      expect(value.constructor).toEqual({ prototype: { polluted: 'yes' } });
      expect(value.toString).toBe('x');
      const item = (value.list as Record<string, unknown>[])[0] as Record<string, unknown>;
      expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
      expect(Object.hasOwn(item, '__proto__')).toBe(true);
      expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(text)));
    }
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps them as own data through createStreamParser and its final parse', () => {
    const parser = createStreamParser({ format: 'json' });
    pushAll(parser, charChunks(text));
    expect(parser.finish()).toEqual([]); // everything closed while streaming
    const value = parser.snapshot() as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('deep nesting', () => {
  it(`streams ${N} nested arrays without recursion`, () => {
    const text = '['.repeat(N) + ']'.repeat(N);
    const parser = createStreamParser({ format: 'json' });
    const events = pushAll(parser, seededChunkings(text, 1, 3)[0] as string[]);
    for (const event of parser.finish()) events.push(event);
    expect(events.length).toBe(2 * N);
    const innermost = events[N] as StreamingData; // the first done
    expect(innermost.event_type).toBe('done');
    expect(innermost.indexes.length).toBe(N - 1);
    expect(innermost.indexes.every((index) => index === 0)).toBe(true);
    expect(innermost.wildcard_path).toBe('[*]'.repeat(N - 1));
    expect(events.at(-1)).toMatchObject({ path: '', event_type: 'done', completion_source: 'observed_boundary' });
    expect(depthOf(parser.snapshot(), (array) => (array as unknown[])[0])).toBe(N);
  });

  it(`streams ${N} nested objects and snapshots midway`, () => {
    const parser = new JsonStreamParser();
    parser.push('{"a":'.repeat(N));
    expect(depthOf(parser.snapshot(), (object) => (object as { a: unknown }).a)).toBe(N);
    const events = parser.push(`1${'}'.repeat(N)}`);
    expect(events.filter((event) => event.event_type === 'done').length).toBe(N + 1);
    parser.finish(undefined);
    expect(depthOf(parser.snapshot(), (object) => (object as { a: unknown }).a)).toBe(N);
  });

  it(`closes a truncated ${N}-deep document at finish, innermost first`, () => {
    const parser = new JsonStreamParser();
    parser.push('[{"a":'.repeat(N / 2));
    const events = parser.finish(undefined);
    expect(events.length).toBe(N);
    expect(events[0]).toMatchObject({ event_type: 'done', completion_source: 'synthetic_repair', value: {} });
    expect(events.at(-1)?.path).toBe('');
  });
});

describe('maxDepth', () => {
  it('throws a DepthLimitError naming the path; the snapshot keeps what was streamed', () => {
    const parser = createStreamParser({ format: 'json', maxDepth: 3 });
    expect(parser.push('{"a": {"b": "x", "c": [')).toHaveLength(5);
    let thrown: unknown;
    try {
      parser.push('1, {"d": 2}]}}');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DepthLimitError);
    expect(thrown).toMatchObject({ maxDepth: 3, path: 'a.c[1]', code: 'DEPTH_LIMIT' });
    expect(parser.snapshot()).toEqual({ a: { b: 'x', c: [1] } });
    expect(() => parser.push(']')).toThrow(DepthLimitError);
  });

  it('accepts nesting up to maxDepth', () => {
    const parser = createStreamParser({ format: 'json', maxDepth: 3 });
    parser.push('[[[1]]]');
    parser.finish();
    expect(parser.snapshot()).toEqual([[[1]]]);
  });
});
