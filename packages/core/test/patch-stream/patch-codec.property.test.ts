// The patch stream's two ends (patch-codec.ts) over the patches a real parser makes: what the
// reader decodes is what the writer was given, whichever values the reader's user changes.
import { createStreamParser, type StreamingData } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedPathFields } from '../../src/patch/derived-path-fields';
import { parsePath, placeSegments } from '../../src/patch/path';
import { PatchDecoder, PatchEncoder } from '../../src/patch-stream/patch-codec';
import { ValueMirror } from '../../src/patch-stream/value-mirror';
import { splitAt } from '../support/chunkings';

/** Every patch the JSON stream parser makes of `text` pushed in `chunks`. */
function patchesOf(chunks: readonly string[]): StreamingData[] {
  const parser = createStreamParser({ format: 'json' });
  const patches: StreamingData[] = [];
  for (const chunk of chunks) patches.push(...parser.push(chunk));
  patches.push(...parser.finish());
  return patches;
}

/** A patch as plain data, cut loose from every object the codec holds. */
const plain = (data: StreamingData): unknown => JSON.parse(JSON.stringify(data));

const documentArb = fc
  .tuple(fc.jsonValue({ maxDepth: 4 }), fc.array(fc.nat(), { maxLength: 12 }))
  .map(([value, cuts]) => {
    const text = JSON.stringify(value);
    return splitAt(
      text,
      cuts.map((cut) => cut % (text.length + 1)),
    );
  });

describe('the patch codec', () => {
  it('decodes what was encoded, and never changes a value it handed out (property)', () => {
    fc.assert(
      fc.property(documentArb, (chunks) => {
        const encoder = new PatchEncoder();
        const decoder = new PatchDecoder();
        const handedOut: [value: unknown, asHandedOut: unknown][] = [];
        for (const data of patchesOf(chunks)) {
          const expected = plain(data);
          const wire = JSON.parse(JSON.stringify(encoder.encode({ type: 'patch', attempt: 0, data })));
          const decoded = decoder.decode(wire);
          if (!('event' in decoded) || decoded.event.type !== 'patch') throw new Error('a patch event expected');
          expect(plain(decoded.event.data)).toEqual(expected);
          handedOut.push([decoded.event.data.value, structuredClone(decoded.event.data.value)]);
        }
        // Patch values are shared with the reader's tree (read-only, as a parser's are): later
        // patches write around them, never into them.
        for (const [value, asHandedOut] of handedOut) expect(value).toEqual(asHandedOut);
      }),
      { numRuns: 300 },
    );
  });
});

describe('ValueMirror', () => {
  const pathArb = fc.constantFrom('a', 'a.b', 'a.c', 'list', 'list[0]', 'list[1]', 'list[0].x', '$tools[0].name');
  const valueArb = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.jsonValue({ maxDepth: 2 }));
  type Step =
    | { kind: 'write'; path: string; value: unknown }
    | { kind: 'keep'; path: string }
    | { kind: 'read'; path: string };
  const stepArb: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('write' as const), path: pathArb, value: valueArb }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('keep' as const), path: pathArb }) },
    // The writer reads a path's tree before it records that path's patch (`wire.r`).
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('read' as const), path: pathArb }) },
  );

  /** The tree the writes make, each a copy written into fresh containers along its path. */
  function reference(tree: unknown, path: string, value: unknown): unknown {
    if (path.startsWith('$')) return tree;
    const segments = parsePath(path);
    const write = (node: unknown, depth: number): unknown => {
      if (depth === segments.length) return structuredClone(value);
      const segment = segments[depth] as string | number;
      const container = (
        typeof segment === 'number'
          ? Array.isArray(node)
            ? [...node]
            : []
          : node !== null && typeof node === 'object' && !Array.isArray(node)
            ? { ...node }
            : {}
      ) as Record<string | number, unknown>;
      container[segment] = write(container[segment], depth + 1);
      return container;
    };
    return write(tree, 0);
  }

  it.each([
    ['the writer, which copies containers in', true],
    ['the reader, which takes its own values in', false],
  ])(
    '%s: holds the tree its writes make, and never changes a value it handed out or took in (property)',
    (_name, copyIn) => {
      fc.assert(
        fc.property(fc.array(stepArb, { minLength: 1, maxLength: 24 }), (steps) => {
          const mirror = new ValueMirror(copyIn ? structuredClone : undefined);
          let expected: unknown;
          // Every container the mirror handed out or took in, and a copy of it at that moment.
          const shared: [value: unknown, asShared: unknown][] = [];
          const share = (value: unknown): void => {
            if (value !== null && typeof value === 'object') shared.push([value, structuredClone(value)]);
          };
          for (const step of steps) {
            if (step.kind === 'read') {
              share(mirror.treeAt(step.path));
              continue;
            }
            if (step.kind === 'keep') {
              // As both ends record a container rebuilt from the tree (`wire.r`).
              const kept = mirror.treeAt(step.path);
              if (kept === null || typeof kept !== 'object') continue;
              share(kept);
              mirror.record(step.path, kept, '');
              expected = reference(expected, step.path, kept);
            } else {
              mirror.record(step.path, step.value, '');
              expected = reference(expected, step.path, step.value);
              if (copyIn) {
                // The writer's caller may change its value later: the mirror holds a copy.
                if (Array.isArray(step.value)) step.value.push('later');
              } else share(step.value);
            }
            const tree = mirror.treeAt('');
            share(tree);
            expect(tree).toEqual(expected);
          }
          for (const [value, asShared] of shared) expect(value).toEqual(asShared);
        }),
        { numRuns: 500 },
      );
    },
  );

  it('never changes a container it handed out when a later patch writes below one of its children', () => {
    const mirror = new ValueMirror();
    for (const [path, value] of [
      ['', {}],
      ['a', {}],
      ['a.b', 'x'],
      ['a.e', {}],
      ['a.e.f', 'y'],
    ] as const)
      mirror.record(path, value, '');
    const handedOut = mirror.treeAt('a');
    mirror.record('a.b', 'z', '');
    mirror.record('a.e.f', 'w', '');
    expect(handedOut).toEqual({ b: 'x', e: { f: 'y' } });
    expect(mirror.treeAt('')).toEqual({ a: { b: 'z', e: { f: 'w' } } });
  });

  it('gives each path the fields a parser gives its patches, one indexes array per path', () => {
    const mirror = new ValueMirror();
    for (const path of ['list[3].tags[12]', '$tools[0].arguments', 'a["x[0]"]', 'title', 'a[*]', 'a[']) {
      const fields = mirror.fieldsOf(path);
      // A path that is no place (a wildcard, an unclosed bracket) is its own wildcard path.
      const place = path === 'a[*]' || path === 'a[' ? undefined : placeSegments(path);
      expect(fields).toEqual(derivedPathFields(path, place));
      expect(mirror.fieldsOf(path).indexes).toBe(fields.indexes);
    }
  });
});
