import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SSELineSplitter } from '../../src/transport/sse-lines';

function linesOf(chunks: readonly string[]): { lines: string[]; rest: string | undefined } {
  const splitter = new SSELineSplitter();
  const lines: string[] = [];
  for (const chunk of chunks) splitter.push(chunk, (line) => lines.push(line));
  return { lines, rest: splitter.end() };
}

describe('SSELineSplitter', () => {
  it('ends lines at CRLF, LF and a lone CR, and returns the unterminated tail at the end', () => {
    expect(linesOf(['a\r\nb\nc\rd\n\ne'])).toEqual({ lines: ['a', 'b', 'c', 'd', ''], rest: 'e' });
    expect(linesOf(['\r\r\n\n'])).toEqual({ lines: ['', '', ''], rest: undefined });
  });

  it('treats a CRLF split across chunks as one terminator, and a CR then a later LF as two', () => {
    expect(linesOf(['data: x\r', '\ndata: y\r', '', '\n'])).toEqual({ lines: ['data: x', 'data: y'], rest: undefined });
    expect(linesOf(['x\r', 'y\n'])).toEqual({ lines: ['x', 'y'], rest: undefined });
    expect(linesOf(['x\r', '\r', '\n'])).toEqual({ lines: ['x', ''], rest: undefined });
  });

  it('joins a line that spans many chunks', () => {
    const long = 'data: '.concat('z'.repeat(5000));
    expect(linesOf([...long, '\n']).lines).toEqual([long]);
  });

  it('gives the same lines for every split of the input (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ':', ' ', '\r', '\n', 'é'), maxLength: 60 });
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 12 }), (input, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
        const chunks = [...cuts, input.length].map((cut, i, all) => input.slice(i === 0 ? 0 : all[i - 1], cut));
        expect(linesOf(chunks)).toEqual(linesOf([input]));
      }),
      { numRuns: 500 },
    );
  });
});
