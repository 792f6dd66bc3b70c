// A patch rebuilt from its path alone (read off the wire) must spell it as the
// parser did: `derivedPathFields` is that one derivation.
import { createStreamParser, type ModelEvent, type StreamingData } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedPathFields as derivedFrom } from '../../src/patch/derived-path-fields';
import { placeSegments } from '../../src/patch/path';
import { ToolCallStream } from '../../src/response/tool-call-stream';
import { jsonValues } from '../support/json-values';

const key = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('k', 'list', 'a_1', 'x') },
  { weight: 1, arbitrary: fc.constantFrom('two words', 'dot.ted', '', 'br[0]', 'q"uote', '7', '__proto__') },
);
const json = jsonValues(key, 6);
const answer = fc.dictionary(key, json, { minKeys: 1, maxKeys: 4 });

/** The fields of `path` as the mirror derives them: from its place's segments, when it is one. */
function derivedPathFields(path: string) {
  let segments: ReturnType<typeof placeSegments> | undefined;
  try {
    segments = placeSegments(path);
  } catch {
    segments = undefined;
  }
  return derivedFrom(path, segments);
}

const spelled = (data: StreamingData) => ({ wildcard_path: data.wildcard_path, indexes: data.indexes });

describe('derivedPathFields', () => {
  it('spells every path of a JSON answer as the stream parser does', () => {
    fc.assert(
      fc.property(answer, (value) => {
        const parser = createStreamParser({ format: 'json' });
        for (const data of [...parser.push(JSON.stringify(value)), ...parser.finish()]) {
          expect([data.path, derivedPathFields(data.path)]).toEqual([data.path, spelled(data)]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('spells every $tools path as the tool-call stream does', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(answer, { minLength: 1, maxLength: 3 }), async (calls) => {
        const stream = new ToolCallStream(undefined, 64);
        const patches: StreamingData[] = [];
        for (const [index, args] of calls.entries()) {
          const event: ModelEvent = {
            type: 'tool_call',
            key: index,
            id: `c${index}`,
            name: 'f',
            delta: JSON.stringify(args),
          };
          patches.push(...(await stream.take(event)).patches);
        }
        patches.push(...(await stream.finish()));
        for (const data of patches)
          expect([data.path, derivedPathFields(data.path)]).toEqual([data.path, spelled(data)]);
      }),
      { numRuns: 100 },
    );
  });

  it('leaves a path that does not parse, or holds a wildcard, as it is, with no indexes', () => {
    for (const path of ['a[', 'a[*].b', 'a..b', '[x]']) {
      expect(derivedPathFields(path)).toEqual({ wildcard_path: path, indexes: [] });
    }
  });
});
