import { appendSegment, createStreamParser, defineOutput, parseOutput, type StreamingData } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededChunkings } from '../support/chunkings';
import { streamAll } from '../support/events';

// Issue 13: when the final parse chooses another JSON block than the one the stream followed,
// the stream says so with a `$status` reset record, then every path of the final data gets one
// `done` with its final value (docs/formats.md, decision 0016).
const ticket = defineOutput({ summary: ['string'], score: ['integer'], tags: [['string']] });
const list = defineOutput([{ id: ['integer'], name: ['string'] }]);

const isReset = (event: StreamingData) =>
  event.path === '$status' && (event.value as { type?: unknown } | null)?.type === 'reset';

/** Every path of a JSON value ('' for the root), in post-order. */
function pathsOf(value: unknown, path = ''): string[] {
  const children =
    value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) =>
          pathsOf(child, appendSegment(path, Array.isArray(value) ? Number(key) : key)),
        )
      : [];
  return [...children, path];
}

/**
 * The property: after the last reset record (or from the start when there is none), every path of
 * the final data has exactly one `done`, and its value is the final value at that path.
 */
function expectOneDonePerFinalPath(events: readonly StreamingData[], final: unknown): void {
  const last = events.findLastIndex(isReset);
  const dones = new Map<string, unknown[]>();
  for (const event of events.slice(last + 1)) {
    if (event.event_type === 'done' && !event.path.startsWith('$')) {
      dones.set(event.path, [...(dones.get(event.path) ?? []), event.value]);
    }
  }
  for (const path of pathsOf(final)) {
    const values = dones.get(path) ?? [];
    expect(values, `dones of ${JSON.stringify(path)}`).toHaveLength(1);
    expect(values[0], `done of ${JSON.stringify(path)}`).toEqual(valueAtPath(final, path, events));
  }
}

function valueAtPath(final: unknown, path: string, events: readonly StreamingData[]): unknown {
  // The root done's value holds every sub-value: read the expected value from the final data.
  const root = [...events].reverse().find((event) => event.path === '' && event.event_type === 'done');
  expect(root?.value).toEqual(final);
  if (path === '') return final;
  const parsed = JSON.parse(JSON.stringify(final));
  let node: unknown = parsed;
  for (const match of path.matchAll(/\[(\d+)\]|\.?([A-Za-z_][A-Za-z0-9_]*)|\["((?:[^"\\]|\\.)*)"\]/g)) {
    const key = match[1] !== undefined ? Number(match[1]) : (match[2] ?? JSON.parse(`"${match[3]}"`));
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

describe('a final parse that chooses another block', () => {
  it('a draft before the answer: the stream follows the draft, then a reset, then the answer’s dones', () => {
    const text =
      'Draft: {"summary": "first try", "score": 1}\nFinal answer: {"summary": "done", "score": 9, "tags": ["a"]}';
    const final = parseOutput(text, { format: 'json', output: ticket });
    expect(final).toEqual({ summary: 'done', score: 9, tags: ['a'] });
    const events = streamAll(createStreamParser({ format: 'json', output: ticket }), [text]);
    const reset = events.findIndex(isReset);
    expect(reset).toBeGreaterThan(0);
    expect(events[reset]?.value).toEqual({
      type: 'reset',
      reason: 'final_parse_chose_another_block',
      abandoned: { summary: 'first try', score: 1 },
    });
    expect(events.slice(reset + 1).map((event) => [event.path, event.value, event.completion_source])).toEqual([
      ['summary', 'done', 'final_reconciliation'],
      ['score', 9, 'final_reconciliation'],
      ['tags[0]', 'a', 'final_reconciliation'],
      ['tags', ['a'], 'final_reconciliation'],
      ['', final, 'final_reconciliation'],
    ]);
  });

  it('a root list after a {"meta": …} object', () => {
    const text = 'Metadata: {"meta": {"count": 2}}\nItems: [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]';
    const final = parseOutput(text, { format: 'json', output: list });
    expect(final).toEqual([
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    for (const chunks of seededChunkings(text, 30, 5)) {
      const events = streamAll(createStreamParser({ format: 'json', output: list }), chunks);
      expect(events.filter(isReset)).toHaveLength(1);
      expectOneDonePerFinalPath(events, final);
    }
  });

  it('no reset when the stream followed the chosen block', () => {
    const text = 'Here you go: {"summary": "ok", "score": 3, "tags": []} Hope this helps {not json}';
    const events = streamAll(createStreamParser({ format: 'json', output: ticket }), [text]);
    expect(events.filter(isReset)).toEqual([]);
    expectOneDonePerFinalPath(events, parseOutput(text, { format: 'json', output: ticket }));
  });
});

describe('property: one done per final path, or a reset explains why not', () => {
  const scalar = fc.oneof(
    fc.string({ maxLength: 6 }),
    fc.integer({ min: -99, max: 99 }),
    fc.boolean(),
    fc.constant(null),
  );
  const block = fc.record(
    {
      summary: fc.string({ maxLength: 8 }),
      score: fc.integer({ min: 0, max: 10 }),
      tags: fc.array(fc.string({ maxLength: 4 }), { maxLength: 3 }),
      extra: scalar,
    },
    { requiredKeys: [] },
  );
  const prose = fc.constantFrom('', 'Draft: ', '\nThen: ', ' so the answer is ', '```json\n');

  it('holds for texts of one to three blocks in prose, under random chunkings', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, block), { minLength: 1, maxLength: 3 }), fc.integer(), (parts, seed) => {
        const text = parts.map(([before, value]) => `${before}${JSON.stringify(value)}`).join(' ');
        let final: unknown;
        try {
          final = parseOutput(text, { format: 'json', output: ticket });
        } catch {
          return; // no final data: nothing to hold the stream to
        }
        for (const chunks of seededChunkings(text, 3, seed)) {
          const events = streamAll(createStreamParser({ format: 'json', output: ticket }), chunks);
          expectOneDonePerFinalPath(events, final);
        }
      }),
      { numRuns: 150 },
    );
  });
});
