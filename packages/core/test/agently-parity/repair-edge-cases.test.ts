import { createStreamParser, defineOutput, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { seededChunkings } from '../support/chunkings';
import { streamAll } from '../support/events';

// Issue 13's repair edge cases: Python literals parse; a list of objects whose
// `},` went missing is repaired faithfully; a broken value never yields one of its fragments.
describe('Python literals', () => {
  it.each([
    ['{"a":None}', { a: null }],
    ['{"a": True, "b": False, "c": None}', { a: true, b: false, c: null }],
    ['[None, True, False]', [null, true, false]],
    ['Result: {"ok": True}', { ok: true }],
  ])('%s parses (accepted leniency, like JSON5: not flagged as a repair)', (text, value) => {
    expect(parseOutputDetailed(text)).toMatchObject({ value, repaired: false });
  });

  it('stream and final agree under every chunking', () => {
    const output = defineOutput({ a: ['boolean'], b: ['any'], c: ['string'] });
    const text = '{"a": True, "b": None, "c": "None stays a string"}';
    const final = parseOutput(text, { format: 'json', output });
    expect(final).toEqual({ a: true, b: null, c: 'None stays a string' });
    for (const chunks of seededChunkings(text, 40, 3)) {
      const events = streamAll(createStreamParser({ format: 'json', output }), chunks);
      const dones = events.filter((event) => event.event_type === 'done');
      expect(dones.map((event) => [event.path, event.value, event.completion_source])).toEqual([
        ['a', true, 'observed_boundary'],
        ['b', null, 'observed_boundary'],
        ['c', 'None stays a string', 'observed_boundary'],
        ['', final, 'observed_boundary'],
      ]);
    }
  });

  it('a word that only starts like a literal is still an error', () => {
    expect(() => parseOutput('{"a": Nonex}')).toThrow(/expected a delimiter after the literal/);
  });
});

describe('a missing "}," between objects of a list', () => {
  it.each([
    ['[{"i":1{"i":2}]', [{ i: 1 }, { i: 2 }]],
    ['[{"i":1{"i":2}{"i":3}]', [{ i: 1 }, { i: 2 }, { i: 3 }]],
    ['[{"i":"a"{"i":[2]}]', [{ i: 'a' }, { i: [2] }]],
  ])('%s is repaired faithfully', (text, value) => {
    expect(parseOutputDetailed(text)).toMatchObject({ value, repaired: true });
  });

  it('where the repair is not clear, an error rather than a fragment', () => {
    expect(() => parseOutput('{"a":1{"b":2}}')).toThrow(/no JSON value could be read/);
  });
});
