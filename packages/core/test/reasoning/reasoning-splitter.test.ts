import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReasoningSplitter, splitReasoning } from '../../src/reasoning/reasoning-splitter';
import { everyChunking, standardChunkings } from '../support/chunkings';

type Run = { reasoning: string; content: string; states: string[] };

function run(chunks: readonly string[]): Run {
  const splitter = new ReasoningSplitter();
  const out: Run = { reasoning: '', content: '', states: [] };
  for (const chunk of chunks) {
    const part = splitter.push(chunk);
    out.reasoning += part.reasoning;
    out.content += part.content;
    out.states.push(splitter.state);
  }
  const last = splitter.finish();
  out.reasoning += last.reasoning;
  out.content += last.content;
  return out;
}

const cases: [string, string, string][] = [
  ['<think>plan</think>{"a":1}', 'plan', '{"a":1}'],
  ['  \n<THINK>\n  step 1\n  step 2  \n</Think>\n\n{"a":1}', 'step 1\n  step 2', '{"a":1}'],
  ['<think></think>answer', '', 'answer'],
  ['<think>   </think>  answer ', '', 'answer '],
  ['<think>a < b and </thinking> too</think>x', 'a < b and </thinking> too', 'x'],
  ['<think>a\n</th', 'a\n</th', ''],
  ['<think>unclosed reasoning   ', 'unclosed reasoning', ''],
  ['<thinking>x</thinking>', '', '<thinking>x</thinking>'],
  ['  answer <think>later</think>', '', '  answer <think>later</think>'],
  ['\n\n{"a": 1}', '', '\n\n{"a": 1}'],
  ['  <thin', '', '  <thin'],
  ['', '', ''],
  ['   ', '', '   '],
  ['<think>x</think>   ', 'x', ''],
  ['<think>α😀β</think>ω', 'α😀β', 'ω'],
];

describe('ReasoningSplitter', () => {
  it.each(cases)('splits %j the same way under every chunking', (text, reasoning, answer) => {
    expect(splitReasoning(text)).toEqual({ reasoning, answer });
    for (const chunks of standardChunkings(text, 100, 7)) {
      const result = run(chunks);
      expect({ reasoning: result.reasoning, answer: result.content }).toEqual({ reasoning, answer });
    }
  });

  it('agrees with itself under every chunking of short texts', () => {
    for (const text of ['<think>x</think>', ' <think> x </t', '<think>a</th</t', 'a <think>b']) {
      const expected = splitReasoning(text);
      for (const chunks of everyChunking(text)) {
        const result = run(chunks);
        expect({ reasoning: result.reasoning, answer: result.content }).toEqual(expected);
      }
    }
  });

  it('holds back only what could still be a tag', () => {
    const splitter = new ReasoningSplitter();
    expect(splitter.push('  <th')).toEqual({ reasoning: '', content: '' });
    expect(splitter.state).toBe('detecting');
    expect(splitter.push('ink>Let me')).toEqual({ reasoning: 'Let me', content: '' });
    expect(splitter.state).toBe('reasoning');
    expect(splitter.hadReasoning).toBe(true);
    expect(splitter.push(' see </thi')).toEqual({ reasoning: ' see', content: '' });
    expect(splitter.push('s is not it')).toEqual({ reasoning: ' </this is not it', content: '' });
    expect(splitter.push('</think')).toEqual({ reasoning: '', content: '' });
    expect(splitter.reasoningClosed).toBe(false);
    expect(splitter.push('>\n')).toEqual({ reasoning: '', content: '' });
    expect(splitter.reasoningClosed).toBe(true);
    expect(splitter.state).toBe('answer');
    expect(splitter.push(' {"a"')).toEqual({ reasoning: '', content: '{"a"' });
    expect(splitter.push(' <think>')).toEqual({ reasoning: '', content: ' <think>' });
    expect(splitter.finish()).toEqual({ reasoning: '', content: '' });
  });

  it('passes content through at once when the text does not start with <think>', () => {
    const splitter = new ReasoningSplitter();
    expect(splitter.push('\n')).toEqual({ reasoning: '', content: '' });
    expect(splitter.push('{"a"')).toEqual({ reasoning: '', content: '\n{"a"' });
    expect(splitter.hadReasoning).toBe(false);
    expect(splitter.push(':1}')).toEqual({ reasoning: '', content: ':1}' });
  });

  it('reports when every further chunk passes through unchanged', () => {
    const splitter = new ReasoningSplitter();
    expect(splitter.passthrough).toBe(false);
    splitter.push('<think>x</think>');
    expect(splitter.passthrough).toBe(false); // whitespace after </think> is still dropped
    splitter.push('\n {');
    expect(splitter.passthrough).toBe(true);
    const plain = new ReasoningSplitter();
    plain.push('{');
    expect(plain.passthrough).toBe(true);
  });

  it('folds ASCII case only', () => {
    // U+212A KELVIN SIGN lower-cases to "k" with toLowerCase, but is not a tag letter here.
    expect(splitReasoning('<thin\u212A>x</think>')).toEqual({ reasoning: '', answer: '<thin\u212A>x</think>' });
  });

  it('does not rescan long held whitespace (linear in the input)', () => {
    const splitter = new ReasoningSplitter();
    splitter.push('<think>a');
    // Quadratic would take minutes (the test timeout); `npm run bench -- adversarial` times it.
    for (let i = 0; i < 200_000; i++) splitter.push(' ');
    splitter.push('b</think>c');
    expect(splitter.finish()).toEqual({ reasoning: '', content: '' });
  });

  it('gives the same split for any text under any chunking (property)', () => {
    const piece = fc.constantFrom(
      '<think>',
      '</think>',
      '<THINK>',
      '</Think>',
      '<th',
      '</',
      ' ',
      '\n',
      'a',
      'é',
      '😀',
      '{',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 8 }), (pieces, cutSeeds) => {
        const text = pieces.join('');
        const cuts = cutSeeds.map((seed) => seed % (text.length + 1));
        const chunks: string[] = [];
        let start = 0;
        for (const cut of [...cuts].sort((a, b) => a - b)) {
          chunks.push(text.slice(start, Math.max(start, cut)));
          start = Math.max(start, cut);
        }
        chunks.push(text.slice(start));
        const result = run(chunks);
        expect({ reasoning: result.reasoning, answer: result.content }).toEqual(splitReasoning(text));
      }),
      { numRuns: 500 },
    );
  });
});
