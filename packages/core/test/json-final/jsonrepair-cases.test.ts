import { readFileSync } from 'node:fs';
import { OutputParseError, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';

// jsonrepair's published test table (fixtures/repair/README.md), classified for model output.
type RepairCase = { input: string; expected: unknown; class: 'accept' | 'out-of-scope' | 'error' };
const cases = JSON.parse(
  readFileSync(new URL('../fixtures/repair/jsonrepair-cases.json', import.meta.url), 'utf8'),
) as RepairCase[];

function outcome(input: string): { value: unknown } | { error: unknown } {
  try {
    return { value: parseOutput(input) };
  } catch (error) {
    return { error };
  }
}

describe('jsonrepair cases', () => {
  it.each(cases.filter((c) => c.class === 'accept').map((c) => [JSON.stringify(c.input), c] as const))(
    'accept %s: the final parse gives jsonrepair’s value',
    (_, { input, expected }) => {
      expect(outcome(input)).toEqual({ value: expected });
    },
  );

  it.each(cases.filter((c) => c.class === 'error').map((c) => [JSON.stringify(c.input), c] as const))(
    'error %s: an OutputParseError, not a guess',
    (_, { input }) => {
      expect(() => parseOutput(input)).toThrow(OutputParseError);
    },
  );

  it('out of scope: 3 read as jsonrepair reads them, 15 fail with OutputParseError, 1 differs', () => {
    const report = cases
      .filter((c) => c.class === 'out-of-scope')
      .map(({ input, expected }) => {
        const result = outcome(input);
        if ('error' in result) {
          expect(result.error).toBeInstanceOf(OutputParseError);
          return 'error';
        }
        return JSON.stringify(result.value) === JSON.stringify(expected) ? 'same' : 'different';
      });
    // Newline-delimited `{}` blocks read as one `{}` (the best block), where jsonrepair builds a list.
    expect(report.filter((r) => r === 'same').length).toBe(3);
    expect(report.filter((r) => r === 'error').length).toBe(15);
    expect(report.filter((r) => r === 'different').length).toBe(1);
  });
});
