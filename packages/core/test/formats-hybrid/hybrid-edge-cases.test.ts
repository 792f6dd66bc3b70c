// Each hybrid edge case of docs/formats.md §3, pinned with its exact (merged) events and final value.
import { OutputParseError, parseOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { mergedEvents } from '../support/format-streams';
import { thrownBy } from '../support/thrown';
import { documents, output } from './documents';

const fence = '```';
const textOf = (name: string): string => {
  const document = documents.find((candidate) => candidate.name === name);
  if (document === undefined) throw new Error(`no document named ${name}`);
  return document.text;
};
const events = (name: string) => mergedEvents('hybrid', output, textOf(name));
const parse = (name: string) => parseOutput(textOf(name), { format: 'hybrid', output });
const ROOT_OPEN = ['delta', '', '', {}];

describe('hybrid edge cases', () => {
  it('[text] and [JSON] annotations after the name are accepted, in any case', () => {
    const value = { summary: 'Fine', score: 3, tags: ['x'] };
    expect(parse('[text] and [JSON] annotations')).toEqual(value);
    expect(events('[text] and [JSON] annotations')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', 'Fine', 'Fine'],
      ['done', 'summary', '', 'Fine', 'observed_boundary'],
      ['done', 'score', '', 3, 'observed_boundary'],
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'x', 'x'],
      ['done', 'tags[0]', '', 'x', 'observed_boundary'],
      ['done', 'tags', '', ['x'], 'observed_boundary'],
      ['done', '', '', value, 'final_reconciliation'],
    ]);
  });

  it('### lines that are not exactly a field name are content', () => {
    const summary = 'Intro\n### Details\nMore\n### Summary\n###summary\n### summary please\nEnd';
    expect(parse('unknown ### lines are content')).toEqual({ summary, score: 2 });
    expect(events('unknown ### lines are content')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', summary, summary],
      ['done', 'summary', '', summary, 'observed_boundary'],
      ['done', 'score', '', 2, 'final_reconciliation'],
      ['done', '', '', { summary, score: 2 }, 'final_reconciliation'],
    ]);
  });

  it('a header-looking line inside a fenced block is content', () => {
    const code = `Example:\n${fence}md\n### score\n    ### summary\n${fence}`;
    expect(parse('header-looking lines inside a fence are content')).toEqual({ code, score: 5 });
    expect(events('header-looking lines inside a fence are content')).toEqual([
      ROOT_OPEN,
      ['delta', 'code', code, code],
      ['done', 'code', '', code, 'observed_boundary'],
      ['done', 'score', '', 5, 'observed_boundary'],
      ['done', '', '', { code, score: 5 }, 'final_reconciliation'],
    ]);
  });

  it('text before the first recognised header is ignored, fences and unknown headers included', () => {
    expect(parse('text before the first header is ignored')).toEqual({ summary: 'Real one' });
    expect(events('text before the first header is ignored')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', 'Real one', 'Real one'],
      ['done', 'summary', '', 'Real one', 'final_reconciliation'],
      ['done', '', '', { summary: 'Real one' }, 'final_reconciliation'],
    ]);
  });

  it('a repeated section wins in the final parse; the stream keeps one done per path', () => {
    const value = { summary: 'Second thought', score: 1 };
    expect(parse('a repeated section: the last wins')).toEqual(value);
    expect(events('a repeated section: the last wins')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', 'First draft', 'First draft'],
      ['done', 'summary', '', 'First draft', 'observed_boundary'],
      ['done', 'score', '', 1, 'observed_boundary'],
      // The root's done carries the final value, so the store reconciles `summary`.
      ['done', '', '', value, 'final_reconciliation'],
    ]);
  });

  it('CRLF line endings read as LF, in text and in fences', () => {
    const value = { summary: 'Line one\nLine two', score: 4, code: 'print(1)' };
    expect(parse('CRLF line endings')).toEqual(value);
    expect(events('CRLF line endings')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', 'Line one\nLine two', 'Line one\nLine two'],
      ['done', 'summary', '', 'Line one\nLine two', 'observed_boundary'],
      ['done', 'score', '', 4, 'observed_boundary'],
      ['delta', 'code', 'print(1)', 'print(1)'],
      ['done', 'code', '', 'print(1)', 'final_reconciliation'],
      ['done', '', '', value, 'final_reconciliation'],
    ]);
  });

  it('prose after a JSON block never leaks into the field or the next one', () => {
    const value = { tags: ['a'], score: 9 };
    expect(parse('trailing prose after a JSON block does not leak')).toEqual(value);
    expect(events('trailing prose after a JSON block does not leak')).toEqual([
      ROOT_OPEN,
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'a', 'a'],
      ['done', 'tags[0]', '', 'a', 'observed_boundary'],
      ['done', 'tags', '', ['a'], 'observed_boundary'],
      ['done', 'score', '', 9, 'observed_boundary'],
      ['done', '', '', value, 'final_reconciliation'],
    ]);
  });

  it('an answer wrapped in a ```markdown fence: the stray closer does not reach the last field', () => {
    expect(parse('a whole answer wrapped in a fence')).toEqual({ summary: 'Wrapped', ok: false });
    expect(events('a whole answer wrapped in a fence')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', 'Wrapped', 'Wrapped'],
      ['done', 'summary', '', 'Wrapped', 'observed_boundary'],
      ['done', 'ok', '', false, 'observed_boundary'],
      ['done', '', '', { summary: 'Wrapped', ok: false }, 'final_reconciliation'],
    ]);
  });

  it('a {field: value} wrapper is unwrapped, in the stream too', () => {
    const items = [{ name: 'x', qty: 1 }];
    const value = { score: 8, tags: ['w'], items };
    expect(parse('a wrapper object is unwrapped')).toEqual(value);
    expect(events('a wrapper object is unwrapped')).toEqual([
      ROOT_OPEN,
      ['done', 'score', '', 8, 'observed_boundary'],
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'w', 'w'],
      ['done', 'tags[0]', '', 'w', 'observed_boundary'],
      ['done', 'tags', '', ['w'], 'observed_boundary'],
      ['delta', 'items', '', []],
      ['delta', 'items[0]', '', {}],
      ['delta', 'items[0].name', 'x', 'x'],
      ['done', 'items[0].name', '', 'x', 'observed_boundary'],
      ['done', 'items[0].qty', '', 1, 'observed_boundary'],
      ['done', 'items[0]', '', items[0], 'observed_boundary'],
      ['done', 'items', '', items, 'observed_boundary'],
      ['done', '', '', value, 'final_reconciliation'],
    ]);
  });

  it('one enclosing fence is stripped from a text field; a JSON string literal in it is decoded', () => {
    const value = { code: 'const a = 1 < 2;', summary: 'a "quoted" line' };
    expect(parse('one enclosing fence is stripped from a text field')).toEqual(value);
    expect(events('one enclosing fence is stripped from a text field')).toEqual([
      ROOT_OPEN,
      ['delta', 'code', 'const a = 1 < 2;', 'const a = 1 < 2;'],
      ['done', 'code', '', 'const a = 1 < 2;', 'observed_boundary'],
      ['delta', 'summary', 'a "quoted" line', 'a "quoted" line'],
      ['done', 'summary', '', 'a "quoted" line', 'final_reconciliation'],
      ['done', '', '', value, 'final_reconciliation'],
    ]);
  });

  it('content made of two fenced blocks keeps its fences', () => {
    const code = `${fence}\none\n${fence}\n${fence}\ntwo\n${fence}`;
    expect(parse('two fenced blocks are content, not an enclosing fence')).toEqual({ code, score: 0 });
    expect(events('two fenced blocks are content, not an enclosing fence').slice(1, 3)).toEqual([
      ['delta', 'code', code, code],
      ['done', 'code', '', code, 'observed_boundary'],
    ]);
  });

  it('leading scaffold comments are stripped from text and JSON sections', () => {
    expect(parse('scaffold comments are stripped')).toEqual({ summary: 'All good', score: 6 });
    expect(events('scaffold comments are stripped')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', 'All good', 'All good'],
      ['done', 'summary', '', 'All good', 'observed_boundary'],
      ['done', 'score', '', 6, 'observed_boundary'],
      ['done', '', '', { summary: 'All good', score: 6 }, 'final_reconciliation'],
    ]);
  });

  it('a truncated JSON block is closed and flagged as repaired', () => {
    const text = textOf('a truncated JSON block is closed');
    expect(parseOutputDetailed(text, { format: 'hybrid', output })).toMatchObject({
      value: { summary: 'Cut short', tags: ['a', 'b'] },
      repaired: true,
      format: 'hybrid',
    });
    expect(events('a truncated JSON block is closed').slice(-3)).toEqual([
      ['done', 'tags[1]', '', 'b', 'synthetic_repair'],
      ['done', 'tags', '', ['a', 'b'], 'synthetic_repair'],
      ['done', '', '', { summary: 'Cut short', tags: ['a', 'b'] }, 'synthetic_repair'],
    ]);
  });

  it('missing sections are absent; an empty text section is the empty string; an empty JSON section is absent', () => {
    expect(parse('empty sections')).toEqual({ summary: '', score: 1 });
    expect(events('empty sections')).toEqual([
      ROOT_OPEN,
      ['done', 'summary', '', '', 'observed_boundary'],
      ['done', 'score', '', 1, 'final_reconciliation'],
      ['done', '', '', { summary: '', score: 1 }, 'final_reconciliation'],
    ]);
  });

  it('a placeholder echo fails the final parse with an OutputParseError; the stream closes as a repair', () => {
    const text = textOf('a placeholder echo fails the final parse');
    const error = thrownBy(() => parse('a placeholder echo fails the final parse'));
    expect(error).toBeInstanceOf(OutputParseError);
    expect((error as OutputParseError).rawText).toBe(text);
    expect((error as OutputParseError).message).toBe(
      'Could not parse the hybrid output: the content "<one-line status>" repeats a placeholder instead of a value',
    );
    expect(events('a placeholder echo fails the final parse')).toEqual([
      ROOT_OPEN,
      ['delta', 'summary', '<one-line status>', '<one-line status>'],
      ['done', 'summary', '', '<one-line status>', 'observed_boundary'],
      ['done', 'score', '', 3, 'synthetic_repair'],
      ['done', '', '', { summary: '<one-line status>', score: 3 }, 'synthetic_repair'],
    ]);
  });

  it('with no section at all, the JSON fallback answers and its value arrives at finish', () => {
    const text = textOf('no section: the JSON fallback');
    expect(parseOutputDetailed(text, { format: 'hybrid', output })).toMatchObject({
      value: { summary: 'from json', score: 2 },
      format: 'json',
    });
    expect(events('no section: the JSON fallback')).toEqual([
      ['delta', 'summary', 'from json', 'from json'],
      ['done', 'summary', '', 'from json', 'final_reconciliation'],
      ['done', 'score', '', 2, 'final_reconciliation'],
      ['done', '', '', { summary: 'from json', score: 2 }, 'final_reconciliation'],
    ]);
  });

  it('prose before a JSON value is skipped, before a fence or bare content', () => {
    expect(parse('prose before a JSON value is skipped')).toEqual({ tags: ['p', 'q'], items: [{ name: 'n', qty: 2 }] });
    expect(events('prose before a JSON value is skipped').slice(1, 3)).toEqual([
      ['delta', 'tags', '', []],
      ['delta', 'tags[0]', 'p', 'p'],
    ]);
  });
});
