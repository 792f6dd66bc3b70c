// The path grammar (patch/path.ts) against a second, independent reading of it with regular
// expressions, and PlaceParser (which reads a path past the prefix it shares with
// the last one) against reading each path whole.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PathSyntaxError, PlaceParser, parsePath, placeSegments } from '../../src/patch/path';

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INDEX = /^(0|[1-9][0-9]*)$/;
const RESERVED = new Set(['$reasoning', '$status', '$tools']);

/** The grammar as docs/patch-contract.md §2 states it, read with regular expressions. */
function reference(path: string, place: boolean): (string | number)[] {
  const segments: (string | number)[] = [];
  let i = 0;
  const fail = (at: number, reason: string): never => {
    throw new PathSyntaxError(path, at, reason);
  };
  const keyEnd = (from: number) => {
    let end = from;
    while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
    return end;
  };
  while (i < path.length) {
    if (path[i] === '.') {
      if (segments.length === 0) fail(i, 'a path cannot start with "."');
      const start = i + 1;
      i = keyEnd(start);
      const key = path.slice(start, i);
      if (!IDENTIFIER.test(key)) fail(start, `"${key}" is not an identifier`);
      segments.push(key);
    } else if (path[i] === '[') {
      if (path[i + 1] === '"') {
        let j = i + 2;
        while (j < path.length && path[j] !== '"') j += path[j] === '\\' ? 2 : 1;
        if (path[j + 1] !== ']') fail(i, 'unterminated ["key"]');
        segments.push(JSON.parse(path.slice(i + 1, j + 1)) as string);
        i = j + 2;
        continue;
      }
      const close = path.indexOf(']', i);
      if (close < 0) fail(i, 'unterminated "["');
      const body = path.slice(i + 1, close);
      if (body === '*' && !place) segments.push('*');
      else if (INDEX.test(body)) segments.push(Number(body));
      else fail(i, `"[${body}]" is not an index`);
      i = close + 1;
    } else {
      if (segments.length > 0) fail(i, 'expected "." or "["');
      const start = i;
      i = keyEnd(start);
      const key = path.slice(start, i);
      if (!IDENTIFIER.test(key) && !RESERVED.has(key)) fail(start, `"${key}" is not an identifier`);
      segments.push(key);
    }
  }
  return segments;
}

const outcome = (read: () => unknown) => {
  try {
    return { segments: read() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

const piece = fc.constantFrom(
  ...'a b_1 Z9 _ $tools $x . .k [ ] [0] [7] [10] [01] [*] ["q"] ["a.b"] ["x\\"y"] [12345678901234567890] 9 é " *'.split(
    ' ',
  ),
);
const pathArb = fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join(''));

describe('the path grammar', () => {
  it('parsePath and placeSegments read every string as the grammar does, or fail with its error (property)', () => {
    fc.assert(
      fc.property(pathArb, (path) => {
        expect(outcome(() => parsePath(path))).toEqual(outcome(() => reference(path, false)));
        expect(outcome(() => placeSegments(path))).toEqual(outcome(() => reference(path, true)));
      }),
      { numRuns: 2000 },
    );
  });

  it('PlaceParser reads any sequence of paths as placeSegments reads each whole (property)', () => {
    fc.assert(
      fc.property(fc.array(pathArb, { maxLength: 20 }), (paths) => {
        const parser = new PlaceParser();
        for (const path of paths)
          expect(outcome(() => parser.segmentsOf(path))).toEqual(outcome(() => placeSegments(path)));
      }),
      { numRuns: 1000 },
    );
  });
});
