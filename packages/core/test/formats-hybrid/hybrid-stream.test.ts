// How the hybrid stream holds back and releases text, chunk by chunk.
import {
  createStreamParser,
  DepthLimitError,
  defineOutput,
  parseOutput,
  SchemaError,
  type StreamingData,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { charChunks } from '../support/chunkings';
import { mergeDeltas } from '../support/events';
import { compact } from '../support/format-streams';
import { output } from './documents';

const fence = '```';
const ROOT_OPEN = ['delta', '', '', {}];

/** Pushes each chunk; returns the compact events of each push. */
function pushEach(chunks: readonly string[]) {
  const parser = createStreamParser({ format: 'hybrid', output });
  return { parser, steps: chunks.map((chunk) => compact(parser.push(chunk))) };
}

describe('hybrid stream', () => {
  it('a header split across chunks emits nothing until its line is complete', () => {
    const { steps } = pushEach(['### sum', 'mary', ' [te', 'xt] ', '\nHi']);
    expect(steps).toEqual([[], [], [], [], [ROOT_OPEN, ['delta', 'summary', 'Hi', 'Hi']]]);
  });

  it('a half-received header (### sco) and the line break before it never reach a delta', () => {
    const { parser, steps } = pushEach(['### summary\nHello\n### sc', 'ore\n7', '\n']);
    expect(steps).toEqual([
      [ROOT_OPEN, ['delta', 'summary', 'Hello', 'Hello']],
      [['done', 'summary', '', 'Hello', 'observed_boundary']],
      [['done', 'score', '', 7, 'observed_boundary']],
    ]);
    expect(parser.snapshot()).toEqual({ summary: 'Hello', score: 7 });
  });

  it('a line that stops looking like a header is released at once', () => {
    const { steps } = pushEach(['### summary\nA\n### sum', 'mit notes']);
    expect(steps[1]).toEqual([['delta', 'summary', '\n### summit notes', 'A\n### summit notes']]);
  });

  it('trailing whitespace waits for more text', () => {
    const { parser, steps } = pushEach(['### summary\nHello  \n', ' world\n\n']);
    expect(steps).toEqual([
      [ROOT_OPEN, ['delta', 'summary', 'Hello', 'Hello']],
      [['delta', 'summary', '  \n world', 'Hello  \n world']],
    ]);
    expect(compact(parser.finish()).at(0)).toEqual(['done', 'summary', '', 'Hello  \n world', 'final_reconciliation']);
  });

  it('a text field opening with a fence is held until the fence turns out to enclose it all', () => {
    const { steps } = pushEach([`### code\n${fence}ts\nlet a = 1;\n${fence}\n\n`, '### score\n1\n']);
    expect(steps).toEqual([
      [ROOT_OPEN],
      [
        ['delta', 'code', 'let a = 1;', 'let a = 1;'],
        ['done', 'code', '', 'let a = 1;', 'observed_boundary'],
        ['done', 'score', '', 1, 'observed_boundary'],
      ],
    ]);
  });

  it('… or not: text after the closing fence releases the whole block', () => {
    const { steps } = pushEach([`### code\n${fence}ts\nlet a = 1;\n${fence}\n`, 'Done.']);
    const code = `${fence}ts\nlet a = 1;\n${fence}\nDone.`;
    expect(steps[1]).toEqual([['delta', 'code', code, code]]);
  });

  it('code after prose streams line by line; a fence opener waits for the line after it', () => {
    const { steps } = pushEach(['### code\nUse:\n', `${fence}ts\n`, 'let a', ' = 1;\n', `${fence}\n`]);
    expect(steps.slice(1)).toEqual([
      [],
      [['delta', 'code', `\n${fence}ts\nlet a`, `Use:\n${fence}ts\nlet a`]],
      [['delta', 'code', ' = 1;', `Use:\n${fence}ts\nlet a = 1;`]],
      [['delta', 'code', `\n${fence}`, `Use:\n${fence}ts\nlet a = 1;\n${fence}`]],
    ]);
  });

  it('JSON fields stream through the JSON tokenizer with nested paths', () => {
    const { steps } = pushEach([`### items\n${fence}json\n[{"name": "bo`, 'lt", "qty": 4}]']);
    expect(steps).toEqual([
      [ROOT_OPEN, ['delta', 'items', '', []], ['delta', 'items[0]', '', {}], ['delta', 'items[0].name', 'bo', 'bo']],
      [
        ['delta', 'items[0].name', 'lt', 'bolt'],
        ['done', 'items[0].name', '', 'bolt', 'observed_boundary'],
        ['done', 'items[0].qty', '', 4, 'observed_boundary'],
        ['done', 'items[0]', '', { name: 'bolt', qty: 4 }, 'observed_boundary'],
        ['done', 'items', '', [{ name: 'bolt', qty: 4 }], 'observed_boundary'],
      ],
    ]);
  });

  it('events carry wildcard paths and indexes', () => {
    const parser = createStreamParser({ format: 'hybrid', output });
    const events: StreamingData[] = parser.push('### items\n[{"name": "a"}]');
    expect(events.find((event) => event.path === 'items[0].name' && event.event_type === 'done')).toEqual({
      path: 'items[0].name',
      wildcard_path: 'items[*].name',
      indexes: [0],
      delta: '',
      value: 'a',
      is_complete: true,
      event_type: 'done',
      completion_source: 'observed_boundary',
    });
  });

  it('the snapshot is structurally shared: unchanged fields keep their reference', () => {
    const parser = createStreamParser({ format: 'hybrid', output });
    parser.push('### tags\n["a", "b"]\n\n### summary\nOne');
    const first = parser.snapshot() as { tags: string[]; summary: string };
    expect(first).toEqual({ tags: ['a', 'b'], summary: 'One' });
    expect(parser.snapshot()).toBe(first);
    parser.push(' two');
    const second = parser.snapshot() as { tags: string[]; summary: string };
    expect(second.summary).toBe('One two');
    expect(second.tags).toBe(first.tags);
  });

  it('a leading <think> block goes to $reasoning; the sections are parsed as usual', () => {
    const events = mergeDeltas(
      (() => {
        const parser = createStreamParser({ format: 'hybrid', output });
        return [
          ...charChunks('<think>plan</think>\n### summary\nok').flatMap((c) => parser.push(c)),
          ...parser.finish(),
        ];
      })(),
    );
    expect(compact(events)).toEqual([
      ['delta', '$reasoning', 'plan', 'plan'],
      ['done', '$reasoning', '', 'plan', 'observed_boundary'],
      ROOT_OPEN,
      ['delta', 'summary', 'ok', 'ok'],
      ['done', 'summary', '', 'ok', 'final_reconciliation'],
      ['done', '', '', { summary: 'ok' }, 'final_reconciliation'],
    ]);
  });

  it('headers may be indented by up to three spaces and carry trailing spaces', () => {
    const text = '   ### summary   \nA\n    ### score\n### score \t\n2';
    expect(parseOutput(text, { format: 'hybrid', output })).toEqual({ summary: 'A\n    ### score', score: 2 });
  });

  it('maxDepth bounds the nesting of JSON fields, counting the answer object as one level', () => {
    const text = '### items\n[{"name": "a"}]';
    expect(parseOutput(text, { format: 'hybrid', output, maxDepth: 3 })).toEqual({ items: [{ name: 'a' }] });
    expect(() => parseOutput(text, { format: 'hybrid', output, maxDepth: 2 })).toThrow(DepthLimitError);
    const parser = createStreamParser({ format: 'hybrid', output, maxDepth: 2 });
    expect(() => parser.push(text)).toThrow(DepthLimitError);
  });

  it('without a schema any ### name is a header; [JSON] marks a JSON section', () => {
    const text = `### note\nplain *text*\n\n### data [JSON]\n${fence}json\n{"a": [1, 2]}\n${fence}\n`;
    expect(parseOutput(text, { format: 'hybrid' })).toEqual({ note: 'plain *text*', data: { a: [1, 2] } });
    const parser = createStreamParser({ format: 'hybrid' });
    const events = mergeDeltas([...parser.push(text), ...parser.finish()]);
    expect(events.filter((event) => event.event_type === 'done').map((event) => event.path)).toEqual([
      'note',
      'data.a[0]',
      'data.a[1]',
      'data.a',
      'data',
      '',
    ]);
  });

  it('a schema that is not an object is a SchemaError', () => {
    const list = defineOutput([['string']]);
    expect(() => parseOutput('### x\ny', { format: 'hybrid', output: list })).toThrow(SchemaError);
    expect(() => createStreamParser({ format: 'hybrid', output: list })).toThrow(SchemaError);
  });

  it('keys that are not identifiers get quoted paths', () => {
    const spaced = defineOutput({ 'due date': ['string'], 'the list': [['integer']] });
    const parser = createStreamParser({ format: 'hybrid', output: spaced });
    const events = [...parser.push('### due date\nFriday\n### the list\n[1]'), ...parser.finish()];
    expect(events.filter((event) => event.event_type === 'done').map((event) => event.path)).toEqual([
      '["due date"]',
      '["the list"][0]',
      '["the list"]',
      '',
    ]);
    expect(parser.snapshot()).toEqual({ 'due date': 'Friday', 'the list': [1] });
  });

  it('a section with two JSON values: the stream and the final parse both take the first', () => {
    const text = '### tags\n"x"\n["a"]\n\n### summary\nok';
    expect(parseOutput(text, { format: 'hybrid', output })).toEqual({ tags: 'x', summary: 'ok' });
    const parser = createStreamParser({ format: 'hybrid', output });
    const events = compact(mergeDeltas([...parser.push(text), ...parser.finish()]));
    expect(events).toEqual([
      ROOT_OPEN,
      ['delta', 'tags', 'x', 'x'],
      ['done', 'tags', '', 'x', 'observed_boundary'],
      ['delta', 'summary', 'ok', 'ok'],
      ['done', 'summary', '', 'ok', 'final_reconciliation'],
      ['done', '', '', { tags: 'x', summary: 'ok' }, 'final_reconciliation'],
    ]);
  });

  it('a block cut short before the next header closes with what was streamed, as a repair', () => {
    const text = `### tags\n${fence}json\n["a", "b\n${fence}\n### summary\nok`;
    const parser = createStreamParser({ format: 'hybrid', output });
    const events = compact(mergeDeltas([...parser.push(text), ...parser.finish()]));
    expect(events.slice(1, 7)).toEqual([
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'a', 'a'],
      ['done', 'tags[0]', '', 'a', 'observed_boundary'],
      ['delta', 'tags[1]', 'b', 'b'],
      ['done', 'tags[1]', '', 'b', 'synthetic_repair'],
      ['done', 'tags', '', ['a', 'b'], 'synthetic_repair'],
    ]);
  });

  it('100 000-deep nesting in a JSON section streams and parses without overflowing the stack', () => {
    const depth = 100_000;
    const anyOutput = defineOutput({ note: ['string'], deep: ['any'] });
    const text = `### note\nx\n### deep\n${'['.repeat(depth)}${']'.repeat(depth)}\n`;
    const parser = createStreamParser({ format: 'hybrid', output: anyOutput });
    let events = 0;
    for (let i = 0; i < text.length; i += 4096) events += parser.push(text.slice(i, i + 4096)).length;
    events += parser.finish().length;
    expect(events).toBe(2 * depth + 4);
    let value = (parseOutput(text, { format: 'hybrid', output: anyOutput }) as { deep: unknown }).deep;
    for (let level = 0; level < depth - 1; level++) value = (value as unknown[])[0];
    expect(value).toEqual([]);
  });

  it('keys such as __proto__ are stored as own data, never as prototypes', () => {
    const text = '### items\n[{"__proto__": {"polluted": true}, "name": "a", "qty": 1}]';
    const parser = createStreamParser({ format: 'hybrid', output });
    parser.push(text);
    parser.finish();
    const parsed = parseOutput(text, { format: 'hybrid', output }) as { items: Record<string, unknown>[] };
    expect(Object.hasOwn(parsed.items[0] as object, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('text opening with inline code waits for the end of its first line, then streams', () => {
    const { steps } = pushEach(['### summary\n`co', 'de` first\nmo', 're']);
    expect(steps).toEqual([
      [ROOT_OPEN],
      [['delta', 'summary', '`code` first\nmo', '`code` first\nmo']],
      [['delta', 'summary', 're', '`code` first\nmore']],
    ]);
  });

  it('a fence the final parse sees but the line scanner does not (no-break-space indent) is held whole', () => {
    const text = `### code\n\u00a0${fence}ts\nlet a;\n\u00a0${fence}\n### score\n1`;
    expect(parseOutput(text, { format: 'hybrid', output })).toEqual({ code: 'let a;', score: 1 });
    const { steps } = pushEach([text.slice(0, 20), text.slice(20)]);
    expect(steps).toEqual([
      [ROOT_OPEN],
      [
        ['delta', 'code', 'let a;', 'let a;'],
        ['done', 'code', '', 'let a;', 'observed_boundary'],
      ],
    ]);
    expect(compact(pushEach([text]).parser.finish()).slice(0, 1)).toEqual([
      ['done', 'score', '', 1, 'final_reconciliation'],
    ]);
  });

  it('a JSON section: the block it opens with, else its bare value, else the block after prose', () => {
    const cases: [string, unknown][] = [
      [`### score\n${fence}json\n7\n${fence}\n[1]`, 7],
      ['### score\n7\n```\n```', 7],
      ['### score\n7 (out of ten)\nThe list: [1, 2]', 7],
      [`### score\nThe score:\n${fence}json\n7\n${fence}`, 7],
    ];
    for (const [text, score] of cases) {
      expect(parseOutput(text, { format: 'hybrid', output })).toEqual({ score });
      const parser = createStreamParser({ format: 'hybrid', output });
      const done = [...parser.push(text), ...parser.finish()].find((event) => event.path === 'score');
      expect(done).toMatchObject({ event_type: 'done', value: score });
    }
  });
});
