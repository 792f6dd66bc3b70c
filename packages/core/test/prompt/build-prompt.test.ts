import type { PromptParts } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPrompt, promptMessages } from '../../src/prompt/build-prompt';
import { correctionText, MAX_CORRECTION_REASON, truncateReason } from '../../src/prompt/correction-block';
import { renderPromptValue } from '../../src/prompt/prompt-parts';

const empty: PromptParts = { input: '', instruct: '', outputRequirement: '', fieldRequirements: '', correction: '' };

describe('buildPrompt', () => {
  it('writes the blocks in envelope order and closes with [OUTPUT]:', () => {
    const prompt = buildPrompt({
      input: 'The ticket text',
      instruct: 'Triage it.',
      outputRequirement: 'Answer in JSON.',
      fieldRequirements: '- summary: required key',
      correction: 'Fix it.',
    });
    expect(prompt).toBe(
      [
        '[INPUT]\nThe ticket text',
        '[INSTRUCT]\nTriage it.',
        '[OUTPUT REQUIREMENT]\nAnswer in JSON.',
        '[FIELD REQUIREMENTS]\n- summary: required key',
        '[OUTPUT CORRECTION]\nFix it.',
        '[OUTPUT]:',
      ].join('\n\n'),
    );
  });

  it('leaves out empty and blank parts', () => {
    expect(buildPrompt(empty)).toBe('[OUTPUT]:');
    expect(buildPrompt({ ...empty, input: 'hi', instruct: '  \n' })).toBe('[INPUT]\nhi\n\n[OUTPUT]:');
  });
});

describe('correction blocks', () => {
  it('quote the reason and ask for the whole answer again', () => {
    expect(correctionText('summary is null')).toBe(
      'Your previous answer could not be accepted: summary is null\n' +
        'Write the complete answer again with this fixed, following [OUTPUT REQUIREMENT] exactly.',
    );
  });

  it('cut the reason to 300 characters with an ellipsis', () => {
    const reason = 'x'.repeat(500);
    const cut = truncateReason(reason);
    expect(MAX_CORRECTION_REASON).toBe(300);
    expect(cut).toHaveLength(300);
    expect(cut).toBe(`${'x'.repeat(299)}…`);
    expect(truncateReason('y'.repeat(300))).toBe('y'.repeat(300));
    expect(correctionText(reason)).toContain(`accepted: ${cut}\n`);
  });

  it('collapse whitespace so a multi-line reason stays one line', () => {
    expect(truncateReason('  a\n\n b\t c  ')).toBe('a b c');
  });

  it('never split a surrogate pair and never exceed 300 characters', () => {
    expect(truncateReason(`${'x'.repeat(298)}😀😀`)).toBe(`${'x'.repeat(298)}…`);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 700 }), (reason) => {
        const cut = truncateReason(reason);
        expect(cut.length).toBeLessThanOrEqual(300);
        if (cut.endsWith('…') && cut.length > 1) {
          const before = cut.charCodeAt(cut.length - 2);
          expect(before >= 0xd800 && before <= 0xdbff).toBe(false);
        }
      }),
    );
  });
});

describe('renderPromptValue', () => {
  it('keeps text, joins lines, and writes other values as indented JSON', () => {
    expect(renderPromptValue('plain')).toBe('plain');
    expect(renderPromptValue(['one', 'two'])).toBe('one\ntwo');
    expect(renderPromptValue({ id: 1, tags: ['a'] })).toBe('{\n  "id": 1,\n  "tags": [\n    "a"\n  ]\n}');
    expect(renderPromptValue(null)).toBe('');
    expect(renderPromptValue(undefined)).toBe('');
    expect(renderPromptValue(42)).toBe('42');
  });

  it('falls back to String() for values JSON cannot write', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(renderPromptValue(circular)).toBe('[object Object]');
    expect(renderPromptValue(10n)).toBe('10');
  });
});

describe('promptMessages', () => {
  it('sends the envelope as the user turn, after an optional system message', () => {
    expect(promptMessages('P', undefined)).toEqual([{ role: 'user', content: 'P' }]);
    expect(promptMessages('P', 'Be terse.')).toEqual([
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'P' },
    ]);
  });
});
