import { createStreamParser, type StreamingData } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charChunks, splitAt, standardChunkings } from '../support/chunkings';
import { contractViolations, donePaths, mergeDeltas, streamAll } from '../support/events';
import { corpus } from './corpus';

const stream = (chunks: readonly string[]) => {
  const parser = createStreamParser({ format: 'json' });
  const events = streamAll(parser, chunks);
  return { events, snapshot: parser.snapshot() };
};

/** Concatenated deltas per path. */
function deltasByPath(events: readonly StreamingData[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const event of events)
    if (event.event_type === 'delta' && typeof event.value === 'string')
      texts.set(event.path, (texts.get(event.path) ?? '') + event.delta);
  return texts;
}

describe('json stream contract over the corpus', () => {
  it.each(corpus.map((document) => [document.name, document] as const))('%s', (_name, document) => {
    const whole = stream([document.text]);
    const expected = JSON.parse(document.payload);
    expect(whole.snapshot).toEqual(expected);
    expect(contractViolations(whole.events)).toEqual([]);
    const canonical = mergeDeltas(whole.events);

    // Every done is observed (the text is complete), the root's last, with the whole value.
    const valueDones = whole.events.filter((event) => event.event_type === 'done' && event.path !== '$reasoning');
    expect(valueDones.every((event) => event.completion_source === 'observed_boundary')).toBe(true);
    expect(valueDones.at(-1)).toMatchObject({ path: '', value: expected });
    const paths = donePaths(whole.events);
    expect(new Set(paths).size).toBe(paths.length);

    // String deltas concatenate to the final strings.
    for (const [path, text] of deltasByPath(whole.events)) {
      const doneEvent = whole.events.find((event) => event.event_type === 'done' && event.path === path);
      expect(doneEvent?.value).toBe(text);
    }

    for (const chunks of standardChunkings(document.text, 100, document.name.length)) {
      const run = stream(chunks);
      expect(contractViolations(run.events)).toEqual([]);
      expect(mergeDeltas(run.events)).toEqual(canonical);
      expect(run.snapshot).toEqual(expected);
    }
  });

  it('emits exactly these events for a small document', () => {
    const events = stream(charChunks('{"a": [1, "x"], "b": {}}')).events;
    const compact = mergeDeltas(events).map((event) => [event.event_type, event.path, event.delta, event.value]);
    expect(compact).toEqual([
      ['delta', '', '', {}],
      ['delta', 'a', '', []],
      ['done', 'a[0]', '', 1],
      ['delta', 'a[1]', 'x', 'x'],
      ['done', 'a[1]', '', 'x'],
      ['done', 'a', '', [1, 'x']],
      ['delta', 'b', '', {}],
      ['done', 'b', '', {}],
      ['done', '', '', { a: [1, 'x'], b: {} }],
    ]);
    expect(events.find((event) => event.path === 'a[1]')).toEqual({
      path: 'a[1]',
      wildcard_path: 'a[*]',
      indexes: [1],
      delta: '',
      value: '',
      is_complete: false,
      event_type: 'delta',
    });
  });

  it('routes a leading <think> block to $reasoning', () => {
    const text = ' <think>\n  weigh the options  \n</think>\n{"pick": "b"}';
    const expected = mergeDeltas(stream([text]).events);
    expect(expected.slice(0, 2)).toEqual([
      {
        path: '$reasoning',
        wildcard_path: '$reasoning',
        indexes: [],
        delta: 'weigh the options',
        value: 'weigh the options',
        is_complete: false,
        event_type: 'delta',
      },
      {
        path: '$reasoning',
        wildcard_path: '$reasoning',
        indexes: [],
        delta: '',
        value: 'weigh the options',
        is_complete: true,
        event_type: 'done',
        completion_source: 'observed_boundary',
      },
    ]);
    for (const chunks of standardChunkings(text, 100, 3)) expect(mergeDeltas(stream(chunks).events)).toEqual(expected);
  });
});

describe('json stream contract for any JSON value (property)', () => {
  const jsonText = fc
    .tuple(fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' }), fc.constantFrom(undefined, 1, '\t'))
    .map(([value, indent]) => JSON.stringify({ v: value }, null, indent));

  it('gives the same merged events and the JSON.parse value under random splits', () => {
    fc.assert(
      fc.property(jsonText, fc.array(fc.nat(), { maxLength: 40 }), (text, cutSeeds) => {
        const whole = stream([text]);
        const expected = JSON.parse(text);
        expect(whole.snapshot).toEqual(expected);
        expect(contractViolations(whole.events)).toEqual([]);
        const split = stream(
          splitAt(
            text,
            cutSeeds.map((seed) => seed % (text.length + 1)),
          ),
        );
        expect(contractViolations(split.events)).toEqual([]);
        expect(mergeDeltas(split.events)).toEqual(mergeDeltas(whole.events));
        expect(split.snapshot).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('streams one character at a time like the whole text', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        expect(mergeDeltas(stream(charChunks(text)).events)).toEqual(mergeDeltas(stream([text]).events));
      }),
      { numRuns: 150 },
    );
  });
});
