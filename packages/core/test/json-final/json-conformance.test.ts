import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FieldstreamError, OutputParseError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { skipTrivia } from '../../src/formats/json/json-characters';
import { readJsonValue } from '../../src/formats/json/json5-reader';
import { parseOutputDetailed } from '../../src/formats/parse-output';

// The parsing data of JSONTestSuite (github.com/nst/JSONTestSuite, MIT), copied into the fixtures
// with its LICENSE: see fixtures/JSONTestSuite/README.md for the commit and what was taken.
const SUITE = join(import.meta.dirname, '..', 'fixtures', 'JSONTestSuite');

const files = readdirSync(SUITE)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => ({ name, text: new TextDecoder().decode(readFileSync(join(SUITE, name))) }));
const accepted = files.filter((file) => file.name.startsWith('y_'));
const others = files.filter((file) => file.name.startsWith('n_') || file.name.startsWith('i_'));

describe('JSONTestSuite', () => {
  it('has the suite', () => {
    expect(accepted.length).toBeGreaterThan(90);
    expect(others.length).toBeGreaterThan(200);
  });

  it.each(accepted)('$name: parseOutput agrees with JSON.parse, unrepaired', ({ text }) => {
    expect(parseOutputDetailed(text)).toEqual({
      value: JSON.parse(text),
      repaired: false,
      format: 'json',
      reasoning: '',
    });
  });

  // parseOutput takes JSON.parse's fast path on strict JSON: check the lenient reader on its own too.
  it.each(accepted)('$name: the lenient reader agrees with JSON.parse', ({ text }) => {
    const read = readJsonValue(text, skipTrivia(text, 0));
    expect(read).toEqual({
      ok: true,
      value: JSON.parse(text),
      end: read.ok ? read.end : -1,
      repaired: false,
      truncated: false,
    });
    expect(read.ok && skipTrivia(text, read.end)).toBe(text.length);
  });

  // Time per file is measured by `npm run bench -- adversarial`, not asserted here.
  it.each(others)('$name: a value or an OutputParseError', ({ text }) => {
    let outcome: unknown;
    try {
      outcome = parseOutputDetailed(text);
    } catch (error) {
      outcome = error;
    }
    if (outcome instanceof Error) {
      expect(outcome).toBeInstanceOf(OutputParseError);
      expect((outcome as OutputParseError).rawText).toBe(text);
    } else {
      expect(outcome).toMatchObject({ format: 'json' });
    }
    expect(outcome).not.toBeInstanceOf(RangeError);
    expect(outcome instanceof Error && !(outcome instanceof FieldstreamError)).toBe(false);
  });
});
