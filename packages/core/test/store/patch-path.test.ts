import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPath, placeSegments } from '../../src/patch/path';
import type { StreamingData } from '../../src/patch/streaming-data';
import { type PathTrail, parsePatchPath, pathTrail } from '../../src/store/patch-path';

/** What `parsePatchPath` must return: the segments and the canonical path, or `placeSegments`'s error. */
function reference(path: string): unknown {
  try {
    const segments = placeSegments(path);
    return { parsed: [segments, formatPath(segments)] };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function actual(path: string, trail: PathTrail): unknown {
  try {
    return { parsed: parsePatchPath({ path } as StreamingData, trail) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('parsePatchPath', () => {
  it('parses like placeSegments whatever the previous path was (children, ancestors, siblings, anything)', () => {
    // Plain and quoted segments, and pieces that are not segments (parsePath rejects them).
    const segment = fc.constantFrom(
      ...'.a .k_9 .Z_ [0] [10] [1] ["q"] ["a.b"] ["a["] [01] [] . [1.5] .9 .é x ] [ * [*]'.split(' '),
    );
    const head = fc.constantFrom('', 'root', '[2]', '.a');
    const step = fc.tuple(fc.integer({ min: 0, max: 3 }), segment, head);
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const trail = pathTrail();
        const segments: string[] = [];
        let start = 'root';
        for (const [move, next, other] of steps) {
          if (move === 0) segments.push(next);
          else if (move === 1) segments.pop();
          else if (move === 2) segments.splice(-1, 1, next);
          else start = other;
          const path = start + segments.join('');
          expect(actual(path, trail)).toEqual(reference(path));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each trail to itself: streams interleaved over several stores parse as they do alone', () => {
    const paths = fc.array(fc.constantFrom('root', 'root.a', 'root.a[0]', 'root.a[1].k', 'root.b', 'x', 'x[3]'), {
      maxLength: 20,
    });
    fc.assert(
      fc.property(paths, paths, (first, second) => {
        const trails = [pathTrail(), pathTrail()];
        for (let i = 0; i < Math.max(first.length, second.length); i++) {
          for (const [which, path] of [first[i], second[i]].entries()) {
            if (path === undefined) continue;
            const trail = trails[which] as PathTrail;
            expect(actual(path, trail)).toEqual(reference(path));
            expect(trail.path).toBe(path);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('leaves reserved $ channels out', () => {
    expect(parsePatchPath({ path: '$reasoning' } as StreamingData, pathTrail())).toBeUndefined();
  });
});
