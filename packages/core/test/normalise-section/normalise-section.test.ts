import { describe, expect, it } from 'vitest';
import {
  isPlaceholderEcho,
  normaliseSection,
  stripEnclosingFence,
  stripScaffoldComments,
} from '../../src/formats/common/normalise-section';

describe('normaliseSection', () => {
  it('trims plain content and reports no fence', () => {
    expect(normaliseSection('\n  The service is degraded.  \n\n')).toEqual({
      ok: true,
      text: 'The service is degraded.',
      fenceInfo: undefined,
    });
  });

  it('strips one enclosing fence and reports its info string', () => {
    expect(normaliseSection('\n```json\n{"a": 1}\n```\n')).toEqual({ ok: true, text: '{"a": 1}', fenceInfo: 'json' });
    expect(normaliseSection('```\nplain\n```')).toEqual({ ok: true, text: 'plain', fenceInfo: '' });
    expect(normaliseSection('~~~python\nx = 1\n~~~')).toEqual({ ok: true, text: 'x = 1', fenceInfo: 'python' });
  });

  it('keeps the indentation of the first code line inside a fence', () => {
    expect(normaliseSection('```py\n\n    indented()\n  more\n```')).toEqual({
      ok: true,
      text: '    indented()\n  more',
      fenceInfo: 'py',
    });
  });

  it('handles CRLF line endings', () => {
    expect(normaliseSection('```ts\r\nconst a = 1;\r\n```\r\n')).toEqual({
      ok: true,
      text: 'const a = 1;',
      fenceInfo: 'ts',
    });
  });

  it('leaves content that is not exactly one fenced block alone', () => {
    const twoBlocks = '```js\na()\n```\nthen\n```js\nb()\n```';
    expect(normaliseSection(twoBlocks)).toEqual({ ok: true, text: twoBlocks, fenceInfo: undefined });
    const withProse = 'Intro\n```js\na()\n```';
    expect(normaliseSection(withProse)).toEqual({ ok: true, text: withProse, fenceInfo: undefined });
    const unclosed = '```js\na()';
    expect(normaliseSection(unclosed)).toEqual({ ok: true, text: unclosed, fenceInfo: undefined });
  });

  it('strips only one fence: a longer outer fence keeps an inner block as content', () => {
    expect(normaliseSection('````md\n```js\nx\n```\n````')).toEqual({
      ok: true,
      text: '```js\nx\n```',
      fenceInfo: 'md',
    });
  });

  it('strips leading scaffold comments, then a fence', () => {
    expect(normaliseSection('<!-- (text) one-line status -->\nAll good')).toEqual({
      ok: true,
      text: 'All good',
      fenceInfo: undefined,
    });
    expect(normaliseSection('<!-- a -->\n<!-- b -->\n```json\n[1]\n```')).toEqual({
      ok: true,
      text: '[1]',
      fenceInfo: 'json',
    });
  });

  it('keeps comments that are not leading, and an unclosed comment', () => {
    expect(normaliseSection('text <!-- note -->')).toEqual({
      ok: true,
      text: 'text <!-- note -->',
      fenceInfo: undefined,
    });
    expect(normaliseSection('<!-- open')).toEqual({ ok: true, text: '<!-- open', fenceInfo: undefined });
  });

  it('rejects content that is only scaffold comments: the model echoed the skeleton', () => {
    expect(normaliseSection('\n<!-- (text) a summary -->\n')).toEqual({
      ok: false,
      reason:
        'the section holds only the skeleton comment "<!-- (text) a summary -->" from the instructions; write the value instead',
    });
    expect(normaliseSection('').ok).toBe(true);
    // A comment that is not a skeleton comment is content-free, not an echo.
    expect(normaliseSection('<!-- a note -->')).toEqual({ ok: true, text: '', fenceInfo: undefined });
  });

  it('rejects placeholder echoes, also inside a fence or after a comment', () => {
    expect(normaliseSection('<your summary here>')).toEqual({
      ok: false,
      reason: 'the content "<your summary here>" repeats a placeholder instead of a value',
    });
    expect(normaliseSection('```\n<string>\n```')).toEqual({
      ok: false,
      reason: 'the content "<string>" repeats a placeholder instead of a value',
    });
    expect(normaliseSection('<!-- hint -->\n  <number>  ').ok).toBe(false);
  });
});

describe('isPlaceholderEcho', () => {
  it.each(['<your summary here>', '<string>', '< a one-line status >', '<integer 0-10>', '<your answer>'])(
    '%s is a placeholder',
    (text) => {
      expect(isPlaceholderEcho(text)).toBe(true);
    },
  );

  it.each([
    '<https://example.com/a>',
    '<mailto:x@y.z>',
    '<ops@example.com>',
    '</field>',
    '<br/>',
    '<!DOCTYPE html>',
    '<?xml version="1.0"?>',
    '<>',
    '< >',
    'a <b> c',
    '<a> and <b>',
    '<multi\nline>',
    '',
    '<b>',
    '<SVG>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">',
  ])('%j is not a placeholder', (text) => {
    expect(isPlaceholderEcho(text)).toBe(false);
  });
});

describe('the building blocks', () => {
  it('stripScaffoldComments removes leading comments with their whitespace only', () => {
    expect(stripScaffoldComments('  <!--a-->  <!--b-->\nbody <!--c-->')).toBe('body <!--c-->');
  });

  it('stripEnclosingFence returns the body and info, or undefined', () => {
    expect(stripEnclosingFence('```json\n{}\n```')).toEqual({ body: '{}', info: 'json' });
    expect(stripEnclosingFence('```json\n```')).toEqual({ body: '', info: 'json' });
    expect(stripEnclosingFence('```json {}```')).toBeUndefined();
    expect(stripEnclosingFence('``js\nx\n``')).toBeUndefined();
    expect(stripEnclosingFence('```\nx\n~~~')).toBeUndefined();
    expect(stripEnclosingFence('```\nx\n    ```')).toBeUndefined();
  });
});
