// Random answers built from tricky lines: headers, near-headers, fences, comments, JSON, CRLF.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { splitAt } from '../support/chunkings';
import { contractViolations, mergeDeltas } from '../support/events';
import { streamChunks } from '../support/format-streams';
import { output } from './documents';

const fence = '```';
const VALUE_LINES = [
  '7',
  'true',
  'True',
  '"a \\"string\\""',
  '["a", "b"]',
  '[{"name": "x", "qty": 1}]',
  '{"score": 3}',
  '{"tags": ["w"]}',
  '[1, 2',
  'null',
];
const LINES = [
  '### summary',
  '### code [text]',
  '### summary [JSON]',
  '### score',
  '### ok [JSON]',
  '### tags',
  '### items',
  '### sum',
  '### Summary',
  '  ### score',
  '    ### tags',
  '### unknown',
  fence,
  `${fence}json`,
  `${fence}ts`,
  '~~~',
  '````',
  '\u00a0```',
  '\t```json',
  '\u2003### score',
  '<!-- (text) a comment -->',
  '<!-- open',
  '-->',
  '<placeholder>',
  'plain text & <b>bold</b> 🚀',
  '  indented  ',
  '',
  '   ',
  'Here is the value:',
  ...VALUE_LINES,
];
const HEADER = /^ {0,3}### (summary|code|score|ok|tags|items)(?: \[\w+\])?$/;

const answer = fc
  .tuple(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 14 }), fc.boolean(), fc.boolean())
  .map(([lines, crlf, finalBreak]) => ({ lines, text: lines.join(crlf ? '\r\n' : '\n') + (finalBreak ? '\n' : '') }));

/**
 * Whether the stream is expected to agree field by field with the final parse: no repeated
 * section (the stream keeps the first) and no JSON fallback.
 */
function comparable(lines: readonly string[]): boolean {
  const headers = lines.filter((line) => HEADER.test(line)).map((line) => line.trim().split(' ')[1]);
  return new Set(headers).size === headers.length;
}

describe('hybrid and flat_markdown under random answers', () => {
  for (const format of ['hybrid', 'flat_markdown'] as const) {
    it(`${format}: any chunking gives the same events, which obey the contract and end on the final value`, () => {
      fc.assert(
        fc.property(answer, fc.array(fc.nat(), { maxLength: 20 }), ({ lines, text }, cuts) => {
          const whole = streamChunks(format, output, [text]);
          expect(contractViolations(whole.events)).toEqual([]);
          const run = streamChunks(
            format,
            output,
            splitAt(
              text,
              cuts.map((cut) => cut % (text.length + 1)),
            ),
          );
          expect(contractViolations(run.events)).toEqual([]);
          expect(mergeDeltas(run.events)).toEqual(mergeDeltas(whole.events));
          let final: ReturnType<typeof parseOutputDetailed>;
          try {
            final = parseOutputDetailed(text, { format, output });
          } catch {
            return; // nothing parses: the stream closed as a repair (checked above)
          }
          // The root's done carries the final value.
          expect(whole.events.at(-1)).toMatchObject({ path: '', event_type: 'done', value: final.value });
          if (final.format === 'json' || !comparable(lines)) return;
          for (const event of whole.events) {
            // A synthetic_repair done is provisional by definition (rule 7): the root's done corrects it.
            if (event.event_type !== 'done' || event.completion_source === 'synthetic_repair') continue;
            if (!/^[a-z]+$/.test(event.path)) continue;
            expect([event.path, event.value]).toEqual([
              event.path,
              (final.value as Record<string, unknown>)[event.path],
            ]);
          }
        }),
        { numRuns: 400 },
      );
    });
  }
});
