import { createResponse, defineOutput, hybridFormat, OutputParseError, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { scripted } from '../response/model-helpers';
import { streamChunks } from '../support/format-streams';

// Agently's parser cases of issue 13: a section that only echoes the prompt's skeleton comment is
// a parse failure (Agently's behaviour); an annotation on a text field never fails the answer.
const review = defineOutput({
  rule_results: [{ rule: ['string'], passed: ['boolean'] }],
  non_investment_advice: ['string', 'disclaimer description'],
});
const formats = [hybridFormat];
const parse = (text: string) => parseOutput(text, { format: 'hybrid', output: review, formats });

describe('skeleton-only sections', () => {
  it.each([
    [
      'a JSON field',
      '### rule_results\n<!-- (JSON) <per-rule evidence list> -->\n\n### non_investment_advice\nNot advice.',
    ],
    [
      'a text field',
      '### rule_results\n```json\n[]\n```\n\n### non_investment_advice\n<!-- (text) <disclaimer description> -->',
    ],
  ])('%s holding only its skeleton comment fails the parse', (_, text) => {
    expect(() => parse(text)).toThrow(OutputParseError);
    expect(() => parse(text)).toThrow(/the section holds only the skeleton comment "<!-- \((JSON|text)\) </);
  });

  it('a skeleton comment followed by a value is fine', () => {
    expect(
      parse(
        '### rule_results\n<!-- (JSON) -->\n[{"rule": "r1", "passed": true}]\n### non_investment_advice\n<!-- (text) -->\nNot advice.',
      ),
    ).toEqual({ rule_results: [{ rule: 'r1', passed: true }], non_investment_advice: 'Not advice.' });
  });

  it('a model echoing the skeleton retries, and the correction block says why', async () => {
    const skeleton =
      '### rule_results\n<!-- (JSON) <per-rule evidence list> -->\n\n### non_investment_advice\n<!-- (text) <disclaimer description> -->';
    const good =
      '### rule_results\n```json\n[{"rule": "r1", "passed": true}]\n```\n\n### non_investment_advice\nNot advice.';
    const model = scripted([skeleton], [good]);
    const response = createResponse({ model, input: 'x', output: review, format: 'hybrid', formats });
    expect(await response.getData()).toEqual({
      rule_results: [{ rule: 'r1', passed: true }],
      non_investment_advice: 'Not advice.',
    });
    expect(model.requests).toHaveLength(2);
    const correction = model.requests[1]?.prompt.split('[OUTPUT CORRECTION]\n')[1] ?? '';
    expect(correction).toContain('the section holds only the skeleton comment');
    expect(correction).toContain('write the value instead');
  });
});

describe('annotations on text fields', () => {
  const notes = defineOutput({ notes: ['string'], score: ['integer'] });
  it.each([
    ['plain text', 'Checked twice, all fine.', 'Checked twice, all fine.'],
    ['a JSON string', '"quoted"', 'quoted'],
    ['null', 'null', null],
  ])('`### notes [JSON]` over %s never fails the answer', (_, body, expected) => {
    const text = `### notes [JSON]\n${body}\n\n### score\n3`;
    const value = parseOutput(text, { format: 'hybrid', output: notes, formats });
    expect(value).toEqual({ notes: expected, score: 3 });
    const run = streamChunks('hybrid', notes, [...text]);
    expect(run.events.filter((e) => e.path === 'notes' && e.event_type === 'done').map((e) => e.value)).toEqual([
      expected,
    ]);
  });
});
