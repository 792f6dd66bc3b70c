import { defineOutput, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { formats } from '../support/all-formats';

const output = defineOutput({
  summary: ['string', 'one-line status'],
  level: [['low', 'high'], 'how bad'],
  score: ['integer', '0-10'],
  items: [{ name: ['string', 'part name'], qty: ['number'] }],
  meta: { owner: ['string'] },
});

const SKELETON = [
  '<<<BEGIN AGENTLY_YAML>>>',
  'summary: |  # one-line status',
  '  <text>',
  'level: <one of "low", "high">  # how bad',
  'score: <integer>  # 0-10',
  'items:',
  '  - name: <string>  # part name',
  '    qty: <number>',
  '  - ...',
  'meta:',
  '  owner: <string>',
  '<<<END AGENTLY_YAML>>>',
].join('\n');

describe('yaml_literal instructions', () => {
  const instructions = formats.yaml_literal.instructions(output);

  it('ask for the marker lines, space indentation and literal blocks, and end with the skeleton', () => {
    expect(instructions).toContain('between a line <<<BEGIN AGENTLY_YAML>>> and a line <<<END AGENTLY_YAML>>>');
    expect(instructions).toContain('never with tabs');
    expect(instructions).toContain('as a literal block');
    expect(instructions.endsWith(`\n\n${SKELETON}`)).toBe(true);
  });

  it('without a schema, describe the payload only', () => {
    const plain = formats.yaml_literal.instructions(undefined);
    expect(plain).not.toContain('<<<BEGIN AGENTLY_YAML>>>\n');
    expect(instructions.startsWith(plain)).toBe(true);
  });

  it('the skeleton is valid YAML with the schema keys in order', () => {
    const body = SKELETON.split('\n').slice(1, -1).join('\n');
    expect(Object.keys(parseYaml(body))).toEqual(['summary', 'level', 'score', 'items', 'meta']);
  });

  it('the skeleton filled in parses to the data', () => {
    const filled = SKELETON.replace('  <text>', '  All good: no issues.\n  Second line.')
      .replace('<one of "low", "high">', 'low')
      .replace('<integer>', '7')
      .replace('<string>  # part name', 'bolt')
      .replace('<number>', '2.5')
      .replace('  - ...\n', '')
      .replace('<string>', 'ann');
    expect(parseOutput(filled, { format: 'yaml_literal', output })).toEqual({
      summary: 'All good: no issues.\nSecond line.\n',
      level: 'low',
      score: 7,
      items: [{ name: 'bolt', qty: 2.5 }],
      meta: { owner: 'ann' },
    });
  });
});
