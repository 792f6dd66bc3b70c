import type { StreamingData } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { JsonStreamParser } from '../../src/formats/json/json-stream-parser';
import { charChunks, standardChunkings } from '../support/chunkings';
import { contractViolations, mergeDeltas } from '../support/events';

type Options = ConstructorParameters<typeof JsonStreamParser>[0];

function run(chunks: readonly string[], options?: Options, final?: Parameters<JsonStreamParser['finish']>[0]) {
  const parser = new JsonStreamParser(options);
  const events: StreamingData[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.finish(final));
  return { parser, events, value: parser.snapshot() };
}

/** [event_type, path, delta, value, completion_source] per merged event. */
const compact = (events: readonly StreamingData[]) =>
  mergeDeltas(events).map((event) => [event.event_type, event.path, event.delta, event.value, event.completion_source]);

describe('embedded values (typed fields of the text formats)', () => {
  it.each([
    ['  {"name": "a", "tags": ["x"]}\n', { name: 'a', tags: ['x'] }],
    ['[1, [2]]', [1, [2]]],
    ['"text with \\"quotes\\""', 'text with "quotes"'],
    [' -12.5e1 ', -125],
    ['true', true],
    ['null\n', null],
  ])('reads %j whole under every chunking', (text, expected) => {
    const whole = run([text], { embedded: true, basePath: ['field'] });
    expect(whole.value).toEqual(expected);
    expect(whole.parser.isComplete).toBe(true);
    expect(whole.events.at(-1)).toMatchObject({ path: 'field', event_type: 'done', value: expected });
    expect(whole.events.at(-1)?.completion_source).toBe('observed_boundary');
    expect(contractViolations(whole.events)).toEqual([]);
    for (const chunks of standardChunkings(text, 30, 2)) {
      expect(mergeDeltas(run(chunks, { embedded: true, basePath: ['field'] }).events)).toEqual(
        mergeDeltas(whole.events),
      );
    }
  });

  it('prefixes every path with basePath and numbers its indexes', () => {
    const { events } = run(['[{"name": "a"}]'], { embedded: true, basePath: ['items', 2, 'parts'] });
    expect(events.map((event) => [event.path, event.wildcard_path, event.indexes])).toEqual([
      ['items[2].parts', 'items[*].parts', [2]],
      ['items[2].parts[0]', 'items[*].parts[*]', [2, 0]],
      ['items[2].parts[0].name', 'items[*].parts[*].name', [2, 0]],
      ['items[2].parts[0].name', 'items[*].parts[*].name', [2, 0]],
      ['items[2].parts[0]', 'items[*].parts[*]', [2, 0]],
      ['items[2].parts', 'items[*].parts', [2]],
    ]);
  });

  it('streams a root string as deltas at basePath', () => {
    const parser = new JsonStreamParser({ embedded: true, basePath: ['summary'] });
    expect(parser.push('"Hel')).toEqual([
      {
        path: 'summary',
        wildcard_path: 'summary',
        indexes: [],
        delta: 'Hel',
        value: 'Hel',
        is_complete: false,
        event_type: 'delta',
      },
    ]);
    expect(parser.snapshot()).toBe('Hel');
    expect(parser.push('lo" ')).toHaveLength(2);
    expect(parser.isComplete).toBe(true);
    expect(parser.snapshot()).toBe('Hello');
  });

  it('completes a bare number on whitespace, or at finish', () => {
    const parser = new JsonStreamParser({ embedded: true });
    expect(parser.push('42')).toEqual([]);
    expect(parser.isComplete).toBe(false);
    expect(parser.push('\n')).toMatchObject([
      { event_type: 'done', value: 42, completion_source: 'observed_boundary' },
    ]);
    const atEnd = new JsonStreamParser({ embedded: true });
    atEnd.push('4');
    atEnd.push('2');
    expect(atEnd.finish(undefined)).toMatchObject([
      { event_type: 'done', value: 42, completion_source: 'observed_boundary' },
    ]);
  });

  it('ignores text after the value', () => {
    expect(run(['{"a": 1} trailing {"b": 2}'], { embedded: true }).value).toEqual({ a: 1 });
  });
});

describe('whole answers', () => {
  it('skips prose and a fence line, and ignores what follows the root', () => {
    const text = 'Here it is:\n```json\n{"a": [true]}\n```\nAnything else? {"b": 2}';
    for (const chunks of standardChunkings(text, 20, 4)) expect(run(chunks).value).toEqual({ a: [true] });
  });

  it('has nothing before a root opens', () => {
    const { events, value } = run(['just prose, no JSON']);
    expect(events).toEqual([]);
    expect(value).toBeUndefined();
  });
});

describe('JSON5 leniency while streaming', () => {
  const text = `{
    // a line comment
    unquoted: 'single \\'quoted\\'', /* a block
    comment */ "trailing": [1, 2,],
    hex: 0x1F, plus: +1, half: .5, more: 5., inf: -Infinity,
    "nested": {a: 1,},
  }`;
  const expected = {
    unquoted: "single 'quoted'",
    trailing: [1, 2],
    hex: 31,
    plus: 1,
    half: 0.5,
    more: 5,
    inf: Number.NEGATIVE_INFINITY,
    nested: { a: 1 },
  };

  it('reads comments, trailing commas, single quotes, unquoted keys and JSON5 numbers', () => {
    const whole = run([text]);
    expect(whole.value).toEqual(expected);
    expect(whole.parser.halted).toBeUndefined();
    expect(contractViolations(whole.events)).toEqual([]);
    for (const chunks of standardChunkings(text, 50, 11))
      expect(mergeDeltas(run(chunks).events)).toEqual(mergeDeltas(whole.events));
  });
});

describe('strings', () => {
  it('never ends a delta inside an escape or a surrogate pair', () => {
    const parser = new JsonStreamParser({ embedded: true });
    expect(parser.push('"ab\\').map((event) => event.delta)).toEqual(['ab']);
    expect(parser.push('n\\u00').map((event) => event.delta)).toEqual(['\n']);
    expect(parser.push('e9\\ud83d').map((event) => event.delta)).toEqual(['é']);
    expect(parser.push('\\ude00x\ud83d').map((event) => event.delta)).toEqual(['😀x']);
    expect(parser.push('\ude01"').map((event) => [event.event_type, event.delta, event.value])).toEqual([
      ['delta', '😁', 'ab\né😀x😁'],
      ['done', '', 'ab\né😀x😁'],
    ]);
  });

  it('opens every string with one delta, also an empty one', () => {
    expect(compact(run(charChunks('{"e": ""}')).events)).toEqual([
      ['delta', '', '', {}, undefined],
      ['delta', 'e', '', '', undefined],
      ['done', 'e', '', '', 'observed_boundary'],
      ['done', '', '', { e: '' }, 'observed_boundary'],
    ]);
  });
});

describe('broken input', () => {
  it('halts at the first non-JSON token and closes what is open at finish', () => {
    const { parser, events, value } = run(['{"a": 1, "b": [2, oops], "c": 3}']);
    expect(parser.halted).toEqual({ offset: 18, reason: '"oops" is not a value' });
    expect(value).toEqual({ a: 1, b: [2] });
    expect(compact(events).slice(-2)).toEqual([
      ['done', 'b', '', [2], 'synthetic_repair'],
      ['done', '', '', { a: 1, b: [2] }, 'synthetic_repair'],
    ]);
  });

  it('repeats a duplicated key the way JSON.parse does (the last value wins)', () => {
    const { value, events } = run(['{"a": {"x": 1}, "a": 2}']);
    expect(value).toEqual({ a: 2 });
    expect(
      events.filter((event) => event.path === 'a' && event.event_type === 'done').map((event) => event.value),
    ).toEqual([{ x: 1 }, 2]);
  });
});

describe('finish', () => {
  const final = (value: unknown, repaired = false) => ({ value, repaired, format: 'json' as const });

  it('completes a truncated string from the final value, then its containers', () => {
    const parser = new JsonStreamParser();
    parser.push('{"a": ["x", "hel');
    const events = parser.finish(final({ a: ['x', 'hello'] }));
    const value = parser.snapshot();
    expect(compact(events)).toEqual([
      ['delta', 'a[1]', 'lo', 'hello', undefined],
      ['done', 'a[1]', '', 'hello', 'final_reconciliation'],
      ['done', 'a', '', ['x', 'hello'], 'final_reconciliation'],
      ['done', '', '', { a: ['x', 'hello'] }, 'final_reconciliation'],
    ]);
    expect(value).toEqual({ a: ['x', 'hello'] });
  });

  it('completes what the final value has after the point where the stream stopped', () => {
    const { events, value } = run(['{"a": [1, {"x": "he'], {}, final({ a: [1, { x: 'hello', y: [2] }, 3], b: true }));
    expect(compact(events)).toEqual([
      ['delta', '', '', {}, undefined],
      ['delta', 'a', '', [], undefined],
      ['done', 'a[0]', '', 1, 'observed_boundary'],
      ['delta', 'a[1]', '', {}, undefined],
      ['delta', 'a[1].x', 'hello', 'hello', undefined],
      ['done', 'a[1].x', '', 'hello', 'final_reconciliation'],
      ['done', 'a[1].y[0]', '', 2, 'final_reconciliation'],
      ['done', 'a[1].y', '', [2], 'final_reconciliation'],
      ['done', 'a[1]', '', { x: 'hello', y: [2] }, 'final_reconciliation'],
      ['done', 'a[2]', '', 3, 'final_reconciliation'],
      ['done', 'a', '', [1, { x: 'hello', y: [2] }, 3], 'final_reconciliation'],
      ['done', 'b', '', true, 'final_reconciliation'],
      ['done', '', '', { a: [1, { x: 'hello', y: [2] }, 3], b: true }, 'final_reconciliation'],
    ]);
    expect(value).toEqual({ a: [1, { x: 'hello', y: [2] }, 3], b: true });
  });

  it('marks values from a repaired final parse, or from no final parse, as synthetic_repair', () => {
    const repaired = run(['[12'], {}, final([12], true));
    expect(compact(repaired.events).slice(-2)).toEqual([
      ['done', '[0]', '', 12, 'synthetic_repair'],
      ['done', '', '', [12], 'synthetic_repair'],
    ]);
    const none = run(['{"s": "ab\\u00', '"n": 1'], {});
    expect(compact(none.events).slice(-2)).toEqual([
      ['done', 's', '', 'ab', 'synthetic_repair'],
      ['done', '', '', { s: 'ab' }, 'synthetic_repair'],
    ]);
  });

  it('never shows a scalar that was cut off and has no final value', () => {
    const { events } = run(['[1, tr'], {});
    expect(compact(events).slice(1)).toEqual([
      ['done', '[0]', '', 1, 'observed_boundary'],
      ['done', '', '', [1], 'synthetic_repair'],
    ]);
  });
});

describe('snapshot', () => {
  it('is the live value: closed subtrees never change, open containers fill in place', () => {
    const parser = new JsonStreamParser();
    parser.push('{"done": {"x": [1]}, "list": [{"a": 1}, "gro');
    const first = parser.snapshot() as { done: unknown; list: unknown[] };
    const closed = first.done;
    const item = first.list[0];
    expect(first).toEqual({ done: { x: [1] }, list: [{ a: 1 }, 'gro'] });
    parser.push('wing');
    const second = parser.snapshot() as { done: unknown; list: unknown[] };
    expect(second).toBe(first); // no copy: O(1) whatever the size
    expect(second.done).toBe(closed);
    expect(second.list[0]).toBe(item);
    expect(second).toEqual({ done: { x: [1] }, list: [{ a: 1 }, 'growing'] });
    parser.push('", 3]}');
    parser.finish(undefined);
    expect(parser.snapshot()).toEqual({ done: { x: [1] }, list: [{ a: 1 }, 'growing', 3] });
    expect(closed).toEqual({ x: [1] });
    expect(item).toEqual({ a: 1 });
  });

  it('is the final value after finish when the final parse has one', () => {
    const parser = new JsonStreamParser({ embedded: true, basePath: ['f'] });
    parser.push('[1, 2');
    const final = { value: { f: [1, 23] }, repaired: true, format: 'json' as const };
    parser.finish(final);
    expect(parser.snapshot()).toBe(final.value.f);
  });
});
