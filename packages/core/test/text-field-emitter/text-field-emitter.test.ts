import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextFieldEmitter } from '../../src/formats/common/text-field-emitter';

function streamThrough(chunks: string[], finalValue?: string) {
  const emitter = new TextFieldEmitter(['notes', 0, 'text']);
  const events = chunks.flatMap((chunk) => emitter.append(chunk));
  events.push(...emitter.close('observed_boundary', finalValue));
  return events;
}

describe('TextFieldEmitter', () => {
  it('trims both ends, holding trailing whitespace until text follows it', () => {
    const events = streamThrough(['\n  Hello', ' ', 'world  ', '\n']);
    expect(events.map((e) => [e.event_type, e.delta, e.value])).toEqual([
      ['delta', 'Hello', 'Hello'],
      ['delta', ' world', 'Hello world'],
      ['done', '', 'Hello world'],
    ]);
    expect(events[0]).toMatchObject({ path: 'notes[0].text', wildcard_path: 'notes[*].text', indexes: [0] });
    expect(events[2]).toMatchObject({ is_complete: true, completion_source: 'observed_boundary' });
  });

  it('never splits a surrogate pair across deltas', () => {
    const events = streamThrough(['a\ud83d', '\ude00b']);
    expect(events.map((e) => e.delta)).toEqual(['a', '\ud83d\ude00b', '']);
  });

  it('an empty field completes with the empty string', () => {
    expect(streamThrough([' ', '\n']).map((e) => [e.event_type, e.value])).toEqual([['done', '']]);
  });

  it('extends to a longer final value with one more delta', () => {
    const events = streamThrough(['Hel'], 'Hello');
    expect(events.map((e) => [e.delta, e.value])).toEqual([
      ['Hel', 'Hel'],
      ['lo', 'Hello'],
      ['', 'Hello'],
    ]);
  });

  it('deltas concatenate to the trimmed text under any chunking', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points, text.length].slice(1).map((end, i, ends) => text.slice(i ? ends[i - 1] : 0, end));
        const events = streamThrough(chunks);
        const done = events.at(-1);
        expect(done?.value).toBe(text.trim());
        expect(
          events
            .filter((e) => e.event_type === 'delta')
            .map((e) => e.delta)
            .join(''),
        ).toBe(text.trim());
      }),
    );
  });
});
