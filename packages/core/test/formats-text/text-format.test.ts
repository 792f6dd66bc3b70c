// The text format: the answer is the value; no instructions, no structured events.
import { createStreamParser, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { formats } from '../support/all-formats';
import { charChunks } from '../support/chunkings';
import { mergeDeltas, streamAll } from '../support/events';

const answer = '  Plain answer with ### headers,\n```fences```, {"json": true} and <b>tags</b>.  \n';

describe('text format', () => {
  it('has no instructions beyond the input', () => {
    expect(formats.text.instructions(undefined)).toBe('');
  });

  it('parses to the text itself, unchanged', () => {
    expect(formats.text.parse(answer, {})).toEqual({ value: answer, repaired: false, format: 'text' });
    expect(parseOutputDetailed(answer, { format: 'text' })).toEqual({
      value: answer,
      repaired: false,
      format: 'text',
      reasoning: '',
    });
  });

  it('its stream parser emits no events; the snapshot is the text so far', () => {
    const parser = formats.text.createStreamParser({});
    expect(parser.snapshot()).toBe('');
    expect(parser.push('Hel')).toEqual([]);
    expect(parser.snapshot()).toBe('Hel');
    expect(parser.push('lo')).toEqual([]);
    expect(parser.push('')).toEqual([]);
    expect(parser.snapshot()).toBe('Hello');
    expect(parser.finish({ value: 'Hello', repaired: false, format: 'text' })).toEqual([]);
    expect(parser.snapshot()).toBe('Hello');
  });

  it('through createStreamParser: only reasoning streams; the answer has no structured events', () => {
    const text = `<think>short plan</think>\n${answer}`;
    // Whitespace right after </think> is not part of the answer (see ReasoningSplitter).
    const visible = answer.trimStart();
    const parser = createStreamParser({ format: 'text' });
    const events = mergeDeltas(streamAll(parser, charChunks(text)));
    expect(events.map((event) => [event.event_type, event.path, event.value])).toEqual([
      ['delta', '$reasoning', 'short plan'],
      ['done', '$reasoning', 'short plan'],
    ]);
    expect(parser.text).toBe(visible);
    expect(parser.snapshot()).toBe(visible);
    expect(parseOutput(text, { format: 'text' })).toBe(visible);
  });
});
