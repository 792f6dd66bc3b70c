import { defineOutput, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { formats } from '../support/all-formats';

const output = defineOutput({
  summary: ['string', 'one-line status', true],
  level: [['low', 'high'], 'severity'],
  score: ['integer', '0-10'],
  tags: [['string', 'a tag']],
  meta: { ok: ['boolean'], note: ['string', 'free text'] },
});

const fence = '```';

describe('hybrid instructions', () => {
  it('one ### section per top-level field: text as plain text, the rest as fenced JSON, then a skeleton', () => {
    expect(formats.hybrid.instructions(output)).toBe(
      [
        'Write your answer as Markdown sections, one for each field of the skeleton below, in the same order.',
        '- Start each section with its header line exactly as shown: "### " followed by the field name.',
        '- A text field holds plain text on the lines under its header: no quotes, no escaping and no code fence around the whole value. It may span several lines and contain Markdown or code.',
        '- To give a text field no value, add " [JSON]" to its header line and write null under it. Use [JSON] on a text field for null only.',
        `- Every other field (number, true/false, list, object) holds one JSON value in a ${fence}json fenced block under its header.`,
        '- Leave one blank line between sections. Write nothing before the first header and nothing after the last section.',
        '',
        'Skeleton: replace each <…> with the value it describes; a // comment explains its line and is not part of the answer.',
        '',
        '### summary',
        '<text: one-line status>',
        '',
        '### level',
        '<one of: low, high; severity>',
        '',
        '### score',
        `${fence}json`,
        '<integer> // 0-10',
        fence,
        '',
        '### tags',
        `${fence}json`,
        '[',
        '  <string>, // a tag',
        '  ...',
        ']',
        fence,
        '',
        '### meta',
        `${fence}json`,
        '{',
        '  "ok": <boolean>,',
        '  "note": <string> // free text',
        '}',
        fence,
      ].join('\n'),
    );
  });

  it('an answer that copies the skeleton unchanged is rejected as a placeholder echo', () => {
    const skeleton = formats.hybrid.instructions(output).split('\n\n').slice(3).join('\n\n');
    expect(() => parseOutput(skeleton, { format: 'hybrid', output })).toThrow(/placeholder/);
  });

  it('a schema without text fields gets no rule about null text', () => {
    const typed = defineOutput({ score: ['integer', '0-10'], ok: ['boolean'] });
    expect(formats.hybrid.instructions(typed)).toBe(
      [
        'Write your answer as Markdown sections, one for each field of the skeleton below, in the same order.',
        '- Start each section with its header line exactly as shown: "### " followed by the field name.',
        '- A text field holds plain text on the lines under its header: no quotes, no escaping and no code fence around the whole value. It may span several lines and contain Markdown or code.',
        `- Every other field (number, true/false, list, object) holds one JSON value in a ${fence}json fenced block under its header.`,
        '- Leave one blank line between sections. Write nothing before the first header and nothing after the last section.',
        '',
        'Skeleton: replace each <…> with the value it describes; a // comment explains its line and is not part of the answer.',
        '',
        '### score',
        `${fence}json`,
        '<integer> // 0-10',
        fence,
        '',
        '### ok',
        `${fence}json`,
        '<boolean>',
        fence,
      ].join('\n'),
    );
  });

  it('an answer that follows the null rule parses to null for that text field', () => {
    const answer = `### summary [JSON]\nnull\n\n### level\nhigh\n\n### score\n${fence}json\n4\n${fence}\n`;
    expect(parseOutput(answer, { format: 'hybrid', output })).toEqual({ summary: null, level: 'high', score: 4 });
  });

  it('without a schema, the instructions explain headers and the [JSON] annotation', () => {
    const text = formats.hybrid.instructions(undefined);
    expect(text).toContain('"### <name> [JSON]"');
    expect(text).not.toContain('Skeleton');
  });
});
