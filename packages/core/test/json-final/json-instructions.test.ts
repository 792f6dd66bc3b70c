import { defineOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { jsonInstructions, jsonSkeleton } from '../../src/formats/json/json-instructions';
import { renderFieldRequirements } from '../../src/prompt/field-requirements';
import { formats } from '../support/all-formats';

// The example schema of docs/architecture.md §2.1.
const incident = defineOutput({
  status_summary: ['string', 'one-line status', true],
  risk_flags: [['string', 'a risk', 'not_null']],
  meta: { score: ['integer', '0-10'], ok: ['boolean'] },
  customer_reply: ['string', 'reply to the customer', 'not_null'],
});

describe('json instructions', () => {
  it('renders the incident example exactly', () => {
    expect(formats.json.instructions(incident)).toBe(
      [
        'Answer with one JSON value and nothing else: no text before or after it and no Markdown code fence.',
        'Give it exactly this structure. <type> marks where a value of that type goes, "..." means the list may hold any number of such items, and a // comment explains its line: leave the comments out of your answer.',
        'Write strict JSON: keys and strings in double quotes, no comments, no trailing commas.',
        '',
        '{',
        '  "status_summary": <string>, // one-line status',
        '  "risk_flags": [',
        '    <string>, // a risk',
        '    ...',
        '  ],',
        '  "meta": {',
        '    "score": <integer>, // 0-10',
        '    "ok": <boolean>',
        '  },',
        '  "customer_reply": <string> // reply to the customer',
        '}',
      ].join('\n'),
    );
  });

  it('renders the incident field requirements exactly', () => {
    expect(renderFieldRequirements(incident)).toBe(
      [
        '- status_summary: one-line status; required key; the value may be null or empty',
        '- risk_flags[*]: a risk; at least one item; value must not be null, blank, or empty',
        '- customer_reply: reply to the customer; required key; value must not be null, blank, or empty',
      ].join('\n'),
    );
  });

  it('asks for one strict JSON value when there is no schema', () => {
    expect(jsonInstructions(undefined)).toBe(
      'Answer with one JSON value and nothing else: no text before or after it and no Markdown code fence.\n' +
        'Write strict JSON: keys and strings in double quotes, no comments, no trailing commas.',
    );
    expect(renderFieldRequirements(undefined)).toBe('');
  });

  it('lists enum values, shows lists of records and lists of lists, quotes keys, flattens descriptions', () => {
    const output = defineOutput({
      level: [['low', 'high', 3, null], 'how bad\n  it is'],
      items: [{ 'part no': ['string', 'the part number'], qty: ['integer'], extra: ['any'] }],
      grid: [[['number']]],
      empty: {},
      gone: ['null'],
    });
    expect(jsonSkeleton(output.root)).toBe(
      [
        '{',
        '  "level": <one of: "low", "high", 3, null>, // how bad it is',
        '  "items": [',
        '    {',
        '      "part no": <string>, // the part number',
        '      "qty": <integer>,',
        '      "extra": <value>',
        '    },',
        '    ...',
        '  ],',
        '  "grid": [',
        '    [',
        '      <number>,',
        '      ...',
        '    ],',
        '    ...',
        '  ],',
        '  "empty": {},',
        '  "gone": <null>',
        '}',
      ].join('\n'),
    );
  });

  it('renders a root list and a root scalar', () => {
    expect(jsonSkeleton(defineOutput([{ id: ['integer', 'row id'] }]).root)).toBe(
      ['[', '  {', '    "id": <integer> // row id', '  },', '  ...', ']'].join('\n'),
    );
    expect(jsonSkeleton(defineOutput(['string', 'the answer']).root)).toBe('<string> // the answer');
  });

  it('renders requirements for nested item paths, extra ensured containers and presence items', () => {
    const output = defineOutput(
      {
        items: [{ name: ['string', 'item name', 'not_null'], tags: [['string', 'a tag', true]] }],
        meta: { note: ['string'] },
      },
      { ensure: { meta: 'presence', 'meta.note': 'not_null' } },
    );
    expect(renderFieldRequirements(output)).toBe(
      [
        '- items[*].name: item name; required key; value must not be null, blank, or empty',
        '- items[*].tags[*]: a tag; the list must be there but may be empty; an item may be null or empty',
        '- meta: required key; the value may be null or empty',
        '- meta.note: required key; value must not be null, blank, or empty',
      ].join('\n'),
    );
  });

  it('the skeleton with its placeholders filled in parses back with the json parser', () => {
    const filled = jsonSkeleton(incident.root)
      .replace('<string>, // one-line status', '"ok",')
      .replace('<string>, // a risk', '"r1"')
      .replace('    ...\n', '')
      .replace('<integer>, // 0-10', '3,')
      .replace('<boolean>', 'true')
      .replace('<string> // reply to the customer', '"hi"');
    expect(formats.json.parse(filled, { output: incident })).toEqual({
      value: { status_summary: 'ok', risk_flags: ['r1'], meta: { score: 3, ok: true }, customer_reply: 'hi' },
      repaired: false,
      format: 'json',
    });
  });
});
