// `__proto__`, `constructor` and `prototype` in a path or a key from model output or the wire are
// plain own keys at every layer that follows a path: nothing ever writes to a prototype.
import {
  applyPatch,
  createFieldStore,
  createStreamParser,
  defineOutput,
  type FormatName,
  formatPath,
  type PathSegment,
  parseOutput,
  parsePath,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import { defineContract } from '@fieldstream/core/kits';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PatchDecoder, PatchEncoder } from '../../src/patch-stream/patch-codec';
import { ValueMirror } from '../../src/patch-stream/value-mirror';
import { splitAt } from '../support/chunkings';

// --- Guarding the prototypes ---------------------------------------------------------------

/** What a polluting write could reach. */
const GUARDED = [Object.prototype, Array.prototype, Function.prototype, Object, Array] as const;
type Shot = Map<PropertyKey, PropertyDescriptor | undefined>;

const snapshot = (): Shot[] =>
  GUARDED.map(
    (target) => new Map(Reflect.ownKeys(target).map((key) => [key, Reflect.getOwnPropertyDescriptor(target, key)])),
  );

function sameDescriptor(a: PropertyDescriptor | undefined, b: PropertyDescriptor | undefined): boolean {
  return a !== undefined && b !== undefined && a.value === b.value && a.get === b.get && a.set === b.set;
}

/** Puts every guarded object back as `shots` found it (so one failure does not poison the rest). */
function restore(shots: Shot[]): void {
  GUARDED.forEach((target, i) => {
    const shot = shots[i] as Shot;
    for (const key of Reflect.ownKeys(target)) if (!shot.has(key)) Reflect.deleteProperty(target, key);
    for (const [key, descriptor] of shot) {
      if (!sameDescriptor(Reflect.getOwnPropertyDescriptor(target, key), descriptor))
        Reflect.defineProperty(target, key, descriptor as PropertyDescriptor);
    }
  });
}

function expectUntouched(shots: Shot[]): void {
  const now = snapshot();
  GUARDED.forEach((_, i) => {
    const shot = shots[i] as Shot;
    expect([...(now[i] as Shot).keys()]).toEqual([...shot.keys()]);
    for (const [key, descriptor] of shot) expect(sameDescriptor((now[i] as Shot).get(key), descriptor)).toBe(true);
  });
  expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  expect(([] as unknown as Record<string, unknown>).isAdmin).toBeUndefined();
}

/** Runs `check` and asserts that no guarded object changed; restores them either way. */
function guarded(check: () => void): void {
  const shots = snapshot();
  try {
    check();
    expectUntouched(shots);
  } finally {
    restore(shots);
  }
}

let before: Shot[] = [];
beforeEach(() => {
  before = snapshot();
});
afterEach(() => {
  restore(before);
});

// --- Paths and values ----------------------------------------------------------------------

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const segmentArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<PathSegment>(...PROTOTYPE_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom<PathSegment>('a', 'isAdmin', 'x') },
  { weight: 2, arbitrary: fc.constantFrom<PathSegment>(0, 1) },
);

type TestPath = { segments: PathSegment[]; text: string };

/** Segments and the path text, each key written `.key` or `["key"]` at random. */
function pathArb(firstIsKey: boolean): fc.Arbitrary<TestPath> {
  const first = firstIsKey ? fc.constantFrom<PathSegment>(...PROTOTYPE_KEYS, 'a') : segmentArb;
  return fc
    .tuple(fc.tuple(first, fc.boolean()), fc.array(fc.tuple(segmentArb, fc.boolean()), { maxLength: 5 }))
    .map(([head, tail]) => {
      const parts = [head, ...tail];
      let text = '';
      for (const [segment, quoted] of parts) {
        if (typeof segment === 'number') text += `[${segment}]`;
        else if (quoted) text += `[${JSON.stringify(segment)}]`;
        else text += text === '' ? segment : `.${segment}`;
      }
      return { segments: parts.map(([segment]) => segment), text };
    });
}

const pathAnyArb = pathArb(false);
// `+ 0` turns a generated `-0` into `0`: JSON writes both as `0`, so a -0 could never round-trip.
const integerArb = fc.integer().map((n) => n + 0);
const valueArb = fc.oneof(
  fc.boolean(),
  fc.string({ maxLength: 6 }),
  integerArb,
  fc.record({ isAdmin: fc.boolean() }),
  fc.array(integerArb, { maxLength: 2 }),
);
const writesArb = (path: fc.Arbitrary<TestPath>) => fc.array(fc.tuple(path, valueArb), { minLength: 1, maxLength: 3 });

const ABSENT = Symbol('absent');

/**
 * The value at `segments`, read through own properties only, checking that every container on the
 * way is a plain object (for a key) or array (for an index); `ABSENT` when a step is not own.
 */
function ownAt(root: unknown, segments: readonly PathSegment[]): unknown {
  let node = root;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return ABSENT;
    expect(Array.isArray(node)).toBe(typeof segment === 'number');
    expect(Object.getPrototypeOf(node)).toBe(Array.isArray(node) ? Array.prototype : Object.prototype);
    node = (node as Record<PathSegment, unknown>)[segment];
  }
  return node;
}

/** The tree the writes make (what every layer must agree with). */
function treeOf(writes: readonly (readonly [TestPath, unknown])[]): unknown {
  let root: unknown;
  for (const [path, value] of writes) root = applyPatch(root, path.segments, value);
  return root;
}

const patch = (path: string, delta: string, value: unknown, done: boolean): StreamingData => ({
  path,
  wildcard_path: path.replace(/\[\d+\]/g, '[*]'),
  indexes: parsePath(path).filter((segment): segment is number => typeof segment === 'number'),
  delta,
  value,
  is_complete: done,
  event_type: done ? 'done' : 'delta',
  ...(done ? { completion_source: 'observed_boundary' as const } : {}),
});

/** A value's patches: a string streams in two deltas, a number as its JSON text, then `done`. */
function patchesOf(path: string, value: unknown): StreamingData[] {
  if (typeof value === 'string' && value.length > 1) {
    const half = value.length >> 1;
    return [
      patch(path, value.slice(0, half), value.slice(0, half), false),
      patch(path, value.slice(half), value, false),
      patch(path, '', value, true),
    ];
  }
  if (typeof value === 'number') return [patch(path, String(value), value, false), patch(path, '', value, true)];
  return [patch(path, '', value, true)];
}

/** Whether both values are containers of one kind (two objects, or two arrays). */
function sameContainerKind(a: unknown, b: unknown): boolean {
  const container = (value: unknown) => value !== null && typeof value === 'object';
  return container(a) && container(b) && Array.isArray(a) === Array.isArray(b);
}

/** The writes' patches, then the `done` of every ancestor of the last path with its container. */
function streamOf(writes: readonly (readonly [TestPath, unknown])[]): StreamingData[] {
  const patches = writes.flatMap(([path, value]) => patchesOf(path.text, value));
  const tree = treeOf(writes);
  const last = (writes[writes.length - 1] as readonly [TestPath, unknown])[0].segments;
  for (let depth = last.length - 1; depth >= 0; depth--) {
    const prefix = last.slice(0, depth);
    patches.push(patch(formatPath(prefix), '', ownAt(tree, prefix), true));
  }
  return patches;
}

const own = (entries: [string, unknown][]) => Object.fromEntries(entries);

// --- Layers --------------------------------------------------------------------------------

describe('prototype keys in paths are own keys', () => {
  it('parsePath reads both spellings of every key', () => {
    fc.assert(
      fc.property(pathAnyArb, (path) => {
        expect(parsePath(path.text)).toEqual(path.segments);
      }),
    );
  });

  it('applyPatch writes own properties and never a prototype', () => {
    fc.assert(
      fc.property(writesArb(pathAnyArb), (writes) => {
        guarded(() => {
          let root: unknown = {};
          for (const [path, value] of writes) root = applyPatch(root, parsePath(path.text), value);
          const [last, value] = writes[writes.length - 1] as [TestPath, unknown];
          expect(ownAt(root, last.segments)).toEqual(value);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('a field store keeps own properties in data, getField and after the final data', () => {
    fc.assert(
      fc.property(writesArb(pathAnyArb), (writes) => {
        guarded(() => {
          const [last, value] = writes[writes.length - 1] as [TestPath, unknown];
          // A container's `done` after its children streamed keeps them (the patch contract: a
          // container's value is what its children spelled), so a write over an earlier child
          // (the last write or any before it), or a container's `done` over an earlier container
          // of its kind at the same path (whose children it keeps), is not a case of
          // last-write-wins; parsers never emit one.
          fc.pre(
            !writes.some(([outer, value], at) =>
              writes
                .slice(0, at)
                .some(
                  ([inner, earlier]) =>
                    outer.segments.every((segment, index) => inner.segments[index] === segment) &&
                    (inner.segments.length > outer.segments.length ||
                      (inner.segments.length === outer.segments.length && sameContainerKind(earlier, value))),
                ),
            ),
          );
          const store = createFieldStore();
          store.apply(writes.flatMap(([path, value]) => patchesOf(path.text, value)));
          expect(ownAt(store.getState().data, last.segments)).toEqual(value);
          expect(store.getField(last.text).value).toEqual(value);
          const tree = treeOf(writes);
          store.dispatch({ type: 'final', attempt: 0, data: tree });
          expect(ownAt(store.getState().data, last.segments)).toEqual(value);
          expect(store.getField(last.text)).toMatchObject({ value, reconciled: 'confirmed' });
          expect(store.getState().streamed).toEqual(tree);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('ValueMirror.record and treeAt follow own keys only', () => {
    fc.assert(
      fc.property(writesArb(pathAnyArb), (writes) => {
        guarded(() => {
          const mirror = new ValueMirror();
          for (const [path, value] of writes) mirror.record(path.text, value, '');
          const [last, value] = writes[writes.length - 1] as [TestPath, unknown];
          expect(ownAt(mirror.treeAt(''), last.segments)).toEqual(value);
          expect(mirror.treeAt(last.text)).toEqual(value);
          expect(mirror.treeAt('')).toEqual(treeOf(writes));
        });
      }),
      { numRuns: 300 },
    );
  });

  it('ValueMirror: a.__proto__.isAdmin stays in the tree (the reported case)', () => {
    guarded(() => {
      const mirror = new ValueMirror();
      mirror.record('a.__proto__.isAdmin', true, '');
      mirror.record('["__proto__"].isAdmin', true, '');
      mirror.record('constructor.prototype.isAdmin', true, '');
      mirror.record('b[0].constructor.isAdmin', true, '');
      const tree = mirror.treeAt('') as Record<string, unknown>;
      expect(ownAt(tree, ['a', '__proto__', 'isAdmin'])).toBe(true);
      expect(ownAt(tree, ['__proto__', 'isAdmin'])).toBe(true);
      expect(ownAt(tree, ['constructor', 'prototype', 'isAdmin'])).toBe(true);
      expect(ownAt(tree, ['b', 0, 'constructor', 'isAdmin'])).toBe(true);
      expect(mirror.treeAt('a.__proto__')).toEqual({ isAdmin: true });
      expect(mirror.treeAt('a.isAdmin')).toBeUndefined();
    });
  });

  it('PatchEncoder → JSON → PatchDecoder rebuilds every value with own keys', () => {
    fc.assert(
      fc.property(writesArb(pathAnyArb), (writes) => {
        guarded(() => {
          const tree = treeOf(writes);
          const events: ResponseEvent[] = [
            { type: 'attempt', attempt: 0, format: 'json' },
            ...streamOf(writes).map((data): ResponseEvent => ({ type: 'patch', attempt: 0, data })),
            { type: 'final', attempt: 0, data: tree },
          ];
          const encoder = new PatchEncoder();
          const decoder = new PatchDecoder();
          const wires = events.map((event) => JSON.parse(JSON.stringify(encoder.encode(event))));
          // The final data is rebuilt from the reader's mirror, not sent again.
          expect(wires[wires.length - 1]).toMatchObject({ k: 'f', r: 1 });
          const decoded = wires.map((wire) => (decoder.decode(wire) as { event: ResponseEvent }).event);
          expect(decoded).toEqual(events);
          const final = decoded[decoded.length - 1] as Extract<ResponseEvent, { type: 'final' }>;
          const [last, value] = writes[writes.length - 1] as [TestPath, unknown];
          expect(ownAt(final.data, last.segments)).toEqual(value);
        });
      }),
      { numRuns: 200 },
    );
  });
});

// --- Formats -------------------------------------------------------------------------------

const FORMATS: readonly FormatName[] = ['json', 'hybrid', 'xml_field', 'yaml_literal', 'flat_markdown'];
const PROTO_JSON = '{"a": {"__proto__": {"isAdmin": true}}}';

/** A parser's events for `chunks`, its snapshot, and a store fed through the wire codec. */
function streamParse(format: FormatName, chunks: readonly string[]) {
  const parser = createStreamParser({ format });
  const patches = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.finish()];
  const encoder = new PatchEncoder();
  const decoder = new PatchDecoder();
  const store = createFieldStore();
  for (const data of patches) {
    const wire = JSON.parse(JSON.stringify(encoder.encode({ type: 'patch', attempt: 0, data })));
    store.dispatch((decoder.decode(wire) as { event: ResponseEvent }).event);
  }
  return { snapshot: parser.snapshot(), final: parser.final?.value, data: store.getState().data };
}

function expectOwnProto(value: unknown): void {
  const a = (value as { a: Record<string, unknown> }).a;
  expect(Object.hasOwn(a, '__proto__')).toBe(true);
  expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
  expect(a.isAdmin).toBeUndefined();
  expect(ownAt(value, ['a', '__proto__'])).toEqual({ isAdmin: true });
}

describe('prototype keys in model output are own keys, as JSON.parse keeps them', () => {
  it.each(FORMATS)('%s: parseOutput and the stream parser of a JSON answer', (format) => {
    guarded(() => {
      const expected = JSON.parse(PROTO_JSON);
      const parsed = parseOutput(PROTO_JSON, { format });
      expect(parsed).toEqual(expected);
      expectOwnProto(parsed);
      for (const chunks of [[PROTO_JSON], [...PROTO_JSON]]) {
        const streamed = streamParse(format, chunks);
        expect(streamed).toEqual({ snapshot: expected, final: expected, data: expected });
        expectOwnProto(streamed.snapshot);
        expectOwnProto(streamed.data);
      }
    });
  });

  it('json: the answer after a draft (parseOutput and the stream parser)', () => {
    guarded(() => {
      const text = `Draft: {"x": 1}\nFinal answer: ${PROTO_JSON}`;
      const expected = JSON.parse(PROTO_JSON);
      const parsed = parseOutput(text, { format: 'json' });
      expect(parsed).toEqual(expected);
      expectOwnProto(parsed);
      for (const chunks of [[text], [...text]]) {
        const streamed = streamParse('json', chunks);
        expect(streamed.final).toEqual(expected);
        expectOwnProto(streamed.final);
        expectOwnProto(streamed.snapshot);
        expectOwnProto(streamed.data);
      }
    });
  });

  it('every format parses and streams any JSON object with prototype keys like JSON.parse', () => {
    fc.assert(
      fc.property(
        writesArb(pathArb(true)),
        fc.constantFrom(...FORMATS),
        fc.array(fc.nat(), { maxLength: 6 }),
        (writes, format, cuts) => {
          guarded(() => {
            const text = JSON.stringify(treeOf(writes));
            const expected = JSON.parse(text);
            expect(parseOutput(text, { format })).toEqual(expected);
            const streamed = streamParse(format, splitAt(text, cuts));
            expect(streamed).toEqual({ snapshot: expected, final: expected, data: expected });
            const [last] = writes[writes.length - 1] as [TestPath, unknown];
            expect(ownAt(streamed.data, last.segments)).toEqual(ownAt(expected, last.segments));
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('each format native syntax: a field named __proto__ and __proto__ keys in its value', () => {
    const output = defineOutput(
      own([
        ['__proto__', ['string', 'a field named __proto__']],
        ['b', own([['__proto__', own([['isAdmin', ['boolean']]])]])],
      ]) as never,
    );
    const fence = '```';
    const documents: Record<string, string> = {
      xml_field: `<agently_output>\n<field name="__proto__" type="text">hi</field>\n<field name="b" type="json">{"__proto__": {"isAdmin": true}}</field>\n</agently_output>`,
      hybrid: `### __proto__\nhi\n\n### b\n${fence}json\n{"__proto__": {"isAdmin": true}}\n${fence}\n`,
      flat_markdown: `### __proto__\nhi\n\n### b\n${fence}json\n{"__proto__": {"isAdmin": true}}\n${fence}\n`,
      yaml_literal: `${fence}yaml\n__proto__: hi\nb:\n  __proto__:\n    isAdmin: true\n${fence}\n`,
      json: '{"__proto__": "hi", "b": {"__proto__": {"isAdmin": true}}}',
    };
    const expected = JSON.parse('{"__proto__": "hi", "b": {"__proto__": {"isAdmin": true}}}');
    for (const [format, text] of Object.entries(documents) as [FormatName, string][]) {
      guarded(() => {
        const parsed = parseOutput(text, { format, output }) as Record<string, unknown>;
        expect(parsed, format).toEqual(expected);
        expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
        expect(ownAt(parsed, ['b', '__proto__', 'isAdmin'])).toBe(true);
        const parser = createStreamParser({ format, output });
        const store = createFieldStore();
        for (const chunk of text) store.apply(parser.push(chunk));
        store.apply(parser.finish());
        expect(parser.snapshot(), format).toEqual(expected);
        expect(store.getState().data, format).toEqual(expected);
        expect(store.getField('b.__proto__.isAdmin').value).toBe(true);
      });
    }
  });

  it('a field named __proto__ in a schema, its ensure option and a contract stays a field', () => {
    guarded(() => {
      const shape = own([
        ['__proto__', ['string']],
        ['b', ['integer']],
      ]);
      const output = defineOutput(shape as never, { ensure: own([['__proto__', 'not_null']]) as never });
      expect(Object.hasOwn(output.ensureKeys, '__proto__')).toBe(true);
      expect(output.ensureKeys).toEqual(own([['__proto__', 'not_null']]));
      const contract = defineContract<Record<string, unknown>>({
        name: 'proto',
        version: '1.0',
        fields: own([['__proto__', { type: 'string', description: 'a field named __proto__' }]]) as never,
        statuses: { ok: { meaning: 'done', kind: 'business', actions: {} } },
        consumers: {},
      });
      const root = contract.output.root;
      expect(root.kind === 'object' && [...root.fields.keys()]).toContain('__proto__');
      expect(Object.hasOwn(contract.output.ensureKeys, '__proto__')).toBe(true);
      const data = JSON.parse('{"schema_version": "1.0", "status": "ok", "__proto__": "x"}');
      expect(parseOutput(JSON.stringify(data), { output: contract.output })).toEqual(data);
      expect(contract.validate(data)).toEqual([]);
    });
  });
});
