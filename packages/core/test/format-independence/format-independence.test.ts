// Rule 6: the same logical data, written in any format, streams to the same paths and value.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FormatName, parseOutput } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAt, standardChunkings } from '../support/chunkings';
import { contractViolations, donePaths, mergeDeltas, valueAt } from '../support/events';
import { concatenatedDeltas, streamChunks } from '../support/format-streams';
import { dataSet, expectedData, output } from './support/data-set';
import { renderers } from './support/renderers';

/** Each format's hand-written document of the data set (fixtures/). Add a format with one line. */
const formatCases: readonly { format: FormatName; fixture: string }[] = [
  { format: 'json', fixture: 'json.txt' },
  { format: 'hybrid', fixture: 'hybrid.txt' },
  { format: 'flat_markdown', fixture: 'flat-markdown.txt' },
  { format: 'xml_field', fixture: 'xml-field.txt' },
  { format: 'yaml_literal', fixture: 'yaml-literal.txt' },
];

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

const stream = (format: FormatName, chunks: readonly string[]) => streamChunks(format, output, chunks);

/** Every string leaf of a value with its path (iterative). */
function stringLeaves(root: unknown): Map<string, string> {
  const leaves = new Map<string, string>();
  const stack: [string, unknown][] = [['', root]];
  while (stack.length > 0) {
    const [path, value] = stack.pop() as [string, unknown];
    if (typeof value === 'string') leaves.set(path, value);
    else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) stack.push([`${path}[${i}]`, item]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push([path === '' ? key : `${path}.${key}`, item]);
    }
  }
  return leaves;
}

/** What a format must give for one text under one chunking; returns its `done` paths. */
function checkRun(format: FormatName, chunks: readonly string[], data: unknown): string[] {
  const run = stream(format, chunks);
  expect(contractViolations(run.events)).toEqual([]);
  expect(run.snapshot).toEqual(data);
  const dones = run.events.filter((event) => event.event_type === 'done' && event.path !== '$reasoning');
  for (const done of dones) expect(done.value).toEqual(valueAt(data, done.path));
  const deltas = concatenatedDeltas(run.events);
  for (const [path, text] of stringLeaves(data)) expect(deltas.get(path) ?? '').toBe(text);
  return donePaths(run.events).filter((path) => path !== '$reasoning');
}

describe('format independence: one data set in every format', () => {
  const jsonPaths = donePaths(stream('json', [fixture('json.txt')]).events).filter((path) => path !== '$reasoning');

  it('the json document holds the data set, and its done paths are the reference order', () => {
    expect(parseOutput(fixture('json.txt'), { format: 'json', output })).toEqual(expectedData);
    expect(jsonPaths).toEqual([
      'title',
      'body',
      'count',
      'active',
      'tags[0]',
      'tags[1]',
      'tags[2]',
      'tags[3]',
      'tags',
      'records[0].name',
      'records[0].note',
      'records[0].size',
      'records[0]',
      'records[1].name',
      'records[1].note',
      'records[1].size',
      'records[1]',
      'records',
      '',
    ]);
  });

  it.each(formatCases.map((entry) => [entry.format, entry] as const))('%s', (format, entry) => {
    const text = fixture(entry.fixture);
    expect(parseOutput(text, { format, output })).toEqual(expectedData);
    const whole = stream(format, [text]);
    const canonical = mergeDeltas(whole.events);
    const reasoning = whole.events.find((event) => event.path === '$reasoning' && event.event_type === 'done');
    expect(reasoning?.value).toMatch(/^The user wants the release summary/);
    for (const chunks of standardChunkings(text, 110, format.length)) {
      expect(checkRun(format, chunks, expectedData)).toEqual(jsonPaths);
      expect(mergeDeltas(stream(format, chunks).events)).toEqual(canonical);
    }
  });
});

describe('format independence: random data sets in every format (fast-check)', () => {
  const decoration = fc.record({
    think: fc.boolean(),
    preamble: fc.boolean(),
    fence: fc.boolean(),
    trailing: fc.boolean(),
  });

  it('every renderer streams to the same value and the same done paths under random chunkings', () => {
    fc.assert(
      fc.property(dataSet, decoration, fc.array(fc.nat(), { maxLength: 40 }), (data, decorate, cuts) => {
        let reference: string[] | undefined;
        for (const renderer of renderers) {
          const text = renderer.render(data, decorate);
          expect(parseOutput(text, { format: renderer.format, output })).toEqual(data);
          const chunks = splitAt(
            text,
            cuts.map((cut) => cut % (text.length + 1)),
          );
          const paths = checkRun(renderer.format, chunks, data);
          if (reference === undefined) reference = paths;
          else expect(paths).toEqual(reference);
        }
      }),
      { numRuns: 150 },
    );
  });
});
