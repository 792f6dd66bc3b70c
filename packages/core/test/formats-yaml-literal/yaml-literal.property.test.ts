import { createStreamParser, parseOutput } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { chunkSeeds, chunksOf, dataSet, fieldName, rawText } from '../formats-xml-field/random-data';
import { contractViolations, mergeDeltas, streamAll } from '../support/events';
import { expectDeltasMatchDone } from '../support/format-streams';

const BEGIN = '<<<BEGIN AGENTLY_YAML>>>';
const END = '<<<END AGENTLY_YAML>>>';

/** Any text, except one with a line that is the end marker (it would end the payload). */
const blockText = rawText.filter((text) => !text.split('\n').some((line) => line.trim() === END));

/**
 * A string as a literal block that YAML reads back exactly: keep (`+`) for trailing line breaks,
 * strip (`-`) otherwise; an explicit indentation indicator when the first line starts with a space.
 */
function literalBlock(name: string, text: string): string {
  const trailing = text.length - text.replace(/\n+$/, '').length;
  const body = trailing > 0 ? text.slice(0, -1) : text;
  const lines = text === '' ? [] : body.split('\n');
  const first = lines.find((line) => line !== '');
  const indicator = first?.startsWith(' ') ? '2' : '';
  const indented = lines.map((line) => (line === '' ? '' : `  ${line}`));
  return [`${name}: |${indicator}${trailing > 0 ? '+' : '-'}`, ...indented].join('\n');
}

function typedEntry(name: string, value: unknown): string {
  if (!Array.isArray(value)) return `${name}: ${JSON.stringify(value)}`;
  if (value.length === 0) return `${name}: []`;
  const items = value.map((item) =>
    typeof item === 'string'
      ? `  - ${JSON.stringify(item)}`
      : `  - name: ${JSON.stringify((item as { name: string }).name)}\n    qty: ${(item as { qty: number }).qty}`,
  );
  return [`${name}:`, ...items].join('\n');
}

function render(data: readonly [string, unknown][], inline: boolean, before: string, after: string): string {
  const entries = data.map(([name, value]) => {
    if (typeof value !== 'string') return typedEntry(name, value);
    // A block of spaces only reads back as empty lines, and a last line of spaces may be chomped
    // (the yaml package drops it when no wider than the first line): such text is written inline.
    const inlineOnly = (value.trim() === '' && value.replace(/\n/g, '') !== '') || /\n[ \t]+$/.test(value);
    return (inline && !value.includes('\n')) || inlineOnly
      ? `${name}: ${JSON.stringify(value)}`
      : literalBlock(name, value);
  });
  return `${before}${BEGIN}\n${entries.join('\n')}\n${END}\n${after}`;
}

const prose = fc.constantFrom('', 'Here you go:\n', '<think>Plan: a & b.</think>\n', `Trailing ${END} prose`);

describe('yaml_literal properties', () => {
  it('streams any data set to its value under any chunking, as the final parse reads it', () => {
    fc.assert(
      fc.property(dataSet(blockText), fc.boolean(), prose, prose, chunkSeeds, (data, inline, before, after, seeds) => {
        fc.pre(!before.includes(END));
        const text = render(data, inline, before, after);
        const expected = JSON.parse(JSON.stringify(Object.fromEntries(data)));
        expect(parseOutput(text, { format: 'yaml_literal' })).toEqual(expected);

        const whole = streamAll(createStreamParser({ format: 'yaml_literal' }), [text]);
        const parser = createStreamParser({ format: 'yaml_literal' });
        const events = streamAll(parser, chunksOf(text, seeds));
        expect(contractViolations(events)).toEqual([]);
        expect(mergeDeltas(events)).toEqual(mergeDeltas(whole));
        expectDeltasMatchDone(events);
        expect(parser.snapshot()).toEqual(expected);
        // Every entry completed at the next key or the end marker, before the end of the text.
        const completed = events.filter((event) => event.event_type === 'done' && event.path !== '');
        expect(completed.every((event) => event.completion_source === 'observed_boundary')).toBe(true);
      }),
      { numRuns: 250 },
    );
  });

  it('gives a literal block the value the yaml package gives it, whatever its layout', () => {
    const line = fc
      .array(fc.constantFrom('', ' ', '  ', '   ', '    ', '\t', 'x', 'y z', '#', '- ', '<<<END AGENT'), {
        maxLength: 4,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.constantFrom('', '-', '+'),
        fc.constantFrom('', '1', '2', '3'),
        fc.constantFrom('\nnext: 1', '', '\n'),
        chunkSeeds,
        (lines, chomping, indent, tail, seeds) => {
          const yaml = `code: |${indent}${chomping}\n${lines.join('\n')}${tail}`;
          let expected: unknown;
          try {
            expected = parseYaml(`${yaml}\n`, { version: '1.2', schema: 'core', prettyErrors: false });
          } catch {
            fc.pre(false); // not valid YAML: nothing to compare with
          }
          fc.pre(
            expected !== null &&
              typeof expected === 'object' &&
              !lines.some((text) => text.trim() === END) &&
              !/^ *\t/m.test(lines.join('\n').split('\n')[0] ?? ''),
          );
          const text = `${BEGIN}\n${yaml}\n${END}\n`;
          const parser = createStreamParser({ format: 'yaml_literal' });
          const events = streamAll(parser, chunksOf(text, seeds));
          const done = events.find((event) => event.event_type === 'done' && event.path === 'code');
          expect(done?.value).toBe((expected as { code: unknown }).code);
          expect(done?.completion_source).toBe('observed_boundary');
          expectDeltasMatchDone(events);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('streams whatever the yaml package writes (nested blocks, flow, quoting) to the value it reads back', () => {
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 3, depthSize: 'small' }),
      fc.array(fc.dictionary(fieldName, fc.jsonValue({ maxDepth: 2 })), { maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.dictionary(fieldName, value, { minKeys: 1, maxKeys: 5 }), chunkSeeds, (data, seeds) => {
        const yaml = stringifyYaml(data, { version: '1.2' });
        fc.pre(!yaml.split('\n').some((line) => line.trim() === END));
        const expected = parseYaml(yaml, { version: '1.2', schema: 'core' });
        const text = `${BEGIN}\n${yaml}${END}\n`;
        expect(parseOutput(text, { format: 'yaml_literal' })).toEqual(expected);
        const whole = streamAll(createStreamParser({ format: 'yaml_literal' }), [text]);
        const parser = createStreamParser({ format: 'yaml_literal' });
        const events = streamAll(parser, chunksOf(text, seeds));
        expect(contractViolations(events)).toEqual([]);
        expect(mergeDeltas(events)).toEqual(mergeDeltas(whole));
        expectDeltasMatchDone(events);
        expect(parser.snapshot()).toEqual(expected);
        const observed = events.filter((event) => event.event_type === 'done' && event.path !== '');
        expect(observed.every((event) => event.completion_source === 'observed_boundary')).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
