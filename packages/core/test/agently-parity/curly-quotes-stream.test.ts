import { defineOutput, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { compact, expectChunkingInvariance, streamChunks } from '../support/format-streams';

// Issue 13: curly-quoted JSON must stream with the deltas adding up to each value and with keys
// normalised as the final parse normalises them.
const person = defineOutput({ name: ['string'], city: ['string'] });

describe('typographic quotes in the JSON stream', () => {
  it('streams {“name”: “Ali` + `ce”} as name: "Ali" + "ce", key normalised', () => {
    const { events } = streamChunks('json', person, ['{“name”: “Ali', 'ce”}']);
    expect(compact(events)).toEqual([
      ['delta', '', '', {}],
      ['delta', 'name', 'Ali', 'Ali'],
      ['delta', 'name', 'ce', 'Alice'],
      ['done', 'name', '', 'Alice', 'observed_boundary'],
      ['done', '', '', { name: 'Alice' }, 'observed_boundary'],
    ]);
    expect(parseOutput('{“name”: “Alice”}', { format: 'json', output: person })).toEqual({ name: 'Alice' });
  });

  it.each([
    ['curly double quotes', '{“name”: “Alice”, “city”: “Oslo”}'],
    ['curly quotes inside the text stay content', '{“name”: “the “best” Alice”, “city”: “Oslo”}'],
    ['a closer followed by blanks before the structure', '{“name” :  “Alice”  , “city”:“Oslo”  }'],
    ['full-width structure', '｛“name”：“Alice”，“city”：“Oslo”｝'],
    ['single typographic quotes', '{‘name’: ‘Alice’, ‘city’: ‘Oslo’}'],
    ['fullwidth quotes', '{＂name＂: ＂Alice＂, ＂city＂: ＂Oslo＂}'],
    ['mixed with ASCII', '{"name": “Alice”, “city”: "Oslo"}'],
  ])('%s: every chunking gives the final value, deltas concatenate to each done', (_, text) => {
    const final = parseOutput(text, { format: 'json', output: person });
    const merged = expectChunkingInvariance('json', person, text, 60, 13);
    const dones = merged.filter((event) => event.event_type === 'done');
    expect(dones.map((event) => [event.path, event.value, event.completion_source])).toEqual([
      ['name', (final as { name: string }).name, 'observed_boundary'],
      ['city', 'Oslo', 'observed_boundary'],
      ['', final, 'observed_boundary'],
    ]);
  });

  it('keeps the inner curly quote of “the “best” Alice” as content', () => {
    expect(parseOutput('{“name”: “the “best” Alice”}', { format: 'json', output: person })).toEqual({
      name: 'the “best” Alice',
    });
    const { events } = streamChunks('json', person, [...'{“name”: “the “best” Alice”}']);
    expect(events.filter((e) => e.path === 'name' && e.event_type === 'done').map((e) => e.value)).toEqual([
      'the “best” Alice',
    ]);
  });
});
