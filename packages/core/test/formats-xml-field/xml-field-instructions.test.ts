import { defineOutput, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { formats } from '../support/all-formats';

const output = defineOutput({
  summary: ['string', 'one-line status'],
  level: [['low', 'high'], 'how bad'],
  score: ['integer', '0-10'],
  items: [{ name: ['string', 'part name'], qty: ['number'] }],
});

const SKELETON = [
  '<agently_output>',
  '<field name="summary" type="text">',
  '<!-- (text) one-line status -->',
  '</field>',
  '<field name="level" type="text">',
  '<!-- (text) one of: "low", "high"; how bad -->',
  '</field>',
  '<field name="score" type="json">',
  '<!-- (json)',
  '<integer> // 0-10',
  '-->',
  '</field>',
  '<field name="items" type="json">',
  '<!-- (json)',
  '[',
  '  {',
  '    "name": <string>, // part name',
  '    "qty": <number>',
  '  },',
  '  ...',
  ']',
  '-->',
  '</field>',
  '</agently_output>',
].join('\n');

describe('xml_field instructions', () => {
  const instructions = formats.xml_field.instructions(output);

  it('ask for one payload of text and json fields and end with the skeleton', () => {
    expect(instructions).toContain('exactly one <agently_output> … </agently_output> block');
    expect(instructions).toContain('<field name="NAME" type="text">…</field>');
    expect(instructions).toContain('do not escape &, < or >');
    expect(instructions.endsWith(`\n\n${SKELETON}`)).toBe(true);
  });

  it('without a schema, describe the payload only', () => {
    const plain = formats.xml_field.instructions(undefined);
    expect(plain).not.toContain('<agently_output>\n');
    expect(instructions.startsWith(plain)).toBe(true);
  });

  it('a skeleton copied back is not an answer: a field holding only its scaffold comment fails the parse', () => {
    expect(() => parseOutput(SKELETON, { format: 'xml_field', output })).toThrow(
      'the section holds only the skeleton comment "<!-- (text) one-line status -->" from the instructions; write the value instead',
    );
  });

  it('the skeleton filled in parses to the data', () => {
    const filled = SKELETON.replace('<!-- (text) one-line status -->', 'All good & <b>calm</b>')
      .replace('<!-- (text) one of: "low", "high"; how bad -->', 'low')
      .replace(/<!-- \(json\)\n<integer> \/\/ 0-10\n-->/, '7')
      .replace(/<!-- \(json\)\n\[[\s\S]*?\n-->/, '[{"name": "bolt", "qty": 2}]');
    expect(parseOutput(filled, { format: 'xml_field', output })).toEqual({
      summary: 'All good & <b>calm</b>',
      level: 'low',
      score: 7,
      items: [{ name: 'bolt', qty: 2 }],
    });
  });
});
