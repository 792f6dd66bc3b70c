import { createStreamParser, defineOutput, OutputParseError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { charChunks, standardChunkings } from '../support/chunkings';
import { mergeDeltas, streamAll } from '../support/events';

describe('createStreamParser', () => {
  it('resolves auto from the schema (json without one)', () => {
    expect(createStreamParser({ format: 'auto' }).format).toBe('json');
    const flat = defineOutput({ title: ['string'], body: ['string'] });
    expect(createStreamParser({ format: 'auto', output: flat }).format).toBe('xml_field');
    const mixed = defineOutput({ title: ['string'], score: ['number'] });
    expect(createStreamParser({ format: 'auto', output: mixed }).format).toBe('hybrid');
    const typed = defineOutput({ score: ['number'] });
    expect(createStreamParser({ format: 'auto', output: typed }).format).toBe('json');
  });

  it('keeps the answer text and the reasoning apart under every chunking', () => {
    const text = '<think> plan it </think>\n```json\n{"a": 1}\n```';
    for (const chunks of standardChunkings(text, 30, 8)) {
      const parser = createStreamParser({ format: 'json' });
      const events = streamAll(parser, chunks);
      expect(parser.reasoning).toBe('plan it');
      expect(parser.text).toBe('```json\n{"a": 1}\n```');
      expect(parser.snapshot()).toEqual({ a: 1 });
      expect(parser.final).toEqual({ value: { a: 1 }, repaired: false, format: 'json' });
      expect(mergeDeltas(events).map((event) => [event.path, event.event_type])).toEqual([
        ['$reasoning', 'delta'],
        ['$reasoning', 'done'],
        ['', 'delta'],
        ['a', 'done'],
        ['', 'done'],
      ]);
    }
  });

  it('closes an unclosed <think> block at the end as synthetic_repair, and keeps the parse error', () => {
    const parser = createStreamParser({ format: 'json' });
    const events = streamAll(parser, charChunks('<think>still thinking'));
    expect(mergeDeltas(events)).toEqual([
      expect.objectContaining({ path: '$reasoning', event_type: 'delta', delta: 'still thinking' }),
      expect.objectContaining({ path: '$reasoning', event_type: 'done', completion_source: 'synthetic_repair' }),
    ]);
    expect(parser.text).toBe('');
    expect(parser.final).toBeUndefined();
    expect(parser.finalError).toBeInstanceOf(OutputParseError);
    expect(parser.snapshot()).toBeUndefined();
  });

  it('completes the final value’s paths the stream never reached', () => {
    const parser = createStreamParser({ format: 'json' });
    const events = streamAll(parser, charChunks('"just a string"'));
    expect(events).toEqual([
      {
        path: '',
        wildcard_path: '',
        indexes: [],
        delta: '',
        value: 'just a string',
        is_complete: true,
        event_type: 'done',
        completion_source: 'final_reconciliation',
      },
    ]);
    expect(parser.snapshot()).toBe('just a string');
  });

  it('finishes the final parse once; push after finish is a typed error', () => {
    const parser = createStreamParser({ format: 'json' });
    parser.push('{"a": [1, 2');
    const closing = parser.finish();
    expect(closing.map((event) => [event.path, event.completion_source])).toEqual([
      ['a[1]', 'synthetic_repair'],
      ['a', 'synthetic_repair'],
      ['', 'synthetic_repair'],
    ]);
    expect(parser.final?.repaired).toBe(true);
    expect(parser.snapshot()).toBe(parser.final?.value);
    expect(() => parser.push('3]}')).toThrowError(expect.objectContaining({ code: 'PARSER_FINISHED' }));
    expect(parser.finish()).toEqual([]);
    expect(parser.text).toBe('{"a": [1, 2');
  });

  it('onText reports the answer text as it is consumed, reasoning excluded', () => {
    const taken: string[] = [];
    const parser = createStreamParser({ format: 'json', onText: (text) => taken.push(text) });
    const perPush: number[] = [];
    for (const chunk of ['<thi', 'nk>plan</th', 'ink>{"a"', ': 1}', ' done']) {
      parser.push(chunk);
      perPush.push(taken.length);
    }
    parser.finish();
    expect(taken).toEqual(['{"a"', ': 1}', ' done']);
    expect(perPush).toEqual([0, 0, 1, 2, 3]);
    expect(taken.join('')).toBe(parser.text);
  });
});
