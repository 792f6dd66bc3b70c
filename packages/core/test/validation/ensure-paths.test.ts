import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOutput } from '../../src';
import { checkEnsurePaths } from '../../src/response/validation/ensure-paths';

describe('presence', () => {
  it.each([
    ['null', null],
    ["''", ''],
    ['false', false],
    ['0', 0],
    ['[]', []],
    ['{}', {}],
    ['a string', 'x'],
  ])('accepts %s as long as the path resolves', (_label, value) => {
    expect(checkEnsurePaths({ a: value }, { a: 'presence' })).toEqual([]);
  });

  it('rejects a missing key, naming the concrete path', () => {
    expect(checkEnsurePaths({ meta: {} }, { 'meta.score': 'presence' })).toEqual([
      { path: 'meta.score', level: 'presence', reason: 'meta.score is missing' },
    ]);
    expect(checkEnsurePaths({}, { 'meta.score': 'presence' })).toEqual([
      { path: 'meta.score', level: 'presence', reason: 'meta is missing' },
    ]);
  });

  it('checks every item under a wildcard, and an empty list has nothing to check', () => {
    expect(checkEnsurePaths({ items: [{ name: null }, { name: '' }] }, { 'items[*].name': 'presence' })).toEqual([]);
    expect(checkEnsurePaths({ items: [] }, { 'items[*].name': 'presence' })).toEqual([]);
    expect(checkEnsurePaths({ items: [{ name: 'a' }, {}] }, { 'items[*].name': 'presence' })).toEqual([
      { path: 'items[*].name', level: 'presence', reason: 'items[1].name is missing' },
    ]);
  });

  it('rejects a wildcard over something that is not a list', () => {
    expect(checkEnsurePaths({ items: null }, { 'items[*].name': 'presence' })).toEqual([
      { path: 'items[*].name', level: 'presence', reason: 'items is not a list' },
    ]);
  });

  it('never reads inherited properties', () => {
    expect(checkEnsurePaths({}, { constructor: 'presence' } as const)).toEqual([
      { path: 'constructor', level: 'presence', reason: 'constructor is missing' },
    ]);
    expect(checkEnsurePaths(JSON.parse('{"__proto__": "x"}'), { '["__proto__"]': 'not_null' })).toEqual([]);
  });
});

describe('not_null', () => {
  it.each([
    ['false', false],
    ['0', 0],
    ['a string', 'x'],
    ['{}', {}],
    ['a list of good items', ['a', 0, false]],
  ])('accepts %s', (_label, value) => {
    expect(checkEnsurePaths({ a: value }, { a: 'not_null' })).toEqual([]);
  });

  it.each([
    ['null', null, 'a is null'],
    ['an empty string', '', 'a is blank'],
    ['a blank string', ' \n\t', 'a is blank'],
    ['an empty list', [], 'a is an empty list'],
    ['a list holding null', ['x', null], 'a[1] is null'],
    ['a list holding a blank string', [' '], 'a[0] is blank'],
    ['a list holding an empty list', [['x'], []], 'a[1] is an empty list'],
  ])('rejects %s', (_label, value, reason) => {
    expect(checkEnsurePaths({ a: value }, { a: 'not_null' })).toEqual([{ path: 'a', level: 'not_null', reason }]);
  });

  it('rejects a missing key', () => {
    expect(checkEnsurePaths({}, { a: 'not_null' })).toEqual([{ path: 'a', level: 'not_null', reason: 'a is missing' }]);
  });

  it('rejects a wildcard with no matches', () => {
    expect(checkEnsurePaths({ risk_flags: [] }, { 'risk_flags[*]': 'not_null' })).toEqual([
      { path: 'risk_flags[*]', level: 'not_null', reason: 'risk_flags has no items' },
    ]);
    expect(checkEnsurePaths({ items: [] }, { 'items[*].name': 'not_null' })).toEqual([
      { path: 'items[*].name', level: 'not_null', reason: 'items has no items' },
    ]);
  });

  it('checks every wildcard match: items[*].name', () => {
    const ensure = { 'items[*].name': 'not_null' } as const;
    expect(checkEnsurePaths({ items: [{ name: 'a' }, { name: 'b' }] }, ensure)).toEqual([]);
    expect(checkEnsurePaths({ items: [{ name: 'a' }, { name: '  ' }] }, ensure)).toEqual([
      { path: 'items[*].name', level: 'not_null', reason: 'items[1].name is blank' },
    ]);
    expect(checkEnsurePaths({ items: [{ name: 'a' }, { name: false }] }, ensure)).toEqual([]);
  });

  it('checks nested wildcards and a root list', () => {
    expect(checkEnsurePaths([{ tags: ['x'] }, { tags: ['y', ''] }], { '[*].tags[*]': 'not_null' })).toEqual([
      { path: '[*].tags[*]', level: 'not_null', reason: '[1].tags[1] is blank' },
    ]);
  });

  it('reports one failure per ensured path, in ensure-key order', () => {
    const data = { summary: null, items: [{ name: '' }], note: 'ok' };
    expect(
      checkEnsurePaths(data, { summary: 'not_null', 'items[*].name': 'not_null', note: 'not_null', extra: 'presence' }),
    ).toEqual([
      { path: 'summary', level: 'not_null', reason: 'summary is null' },
      { path: 'items[*].name', level: 'not_null', reason: 'items[0].name is blank' },
      { path: 'extra', level: 'presence', reason: 'extra is missing' },
    ]);
  });

  it('checks a 100 000-deep list without overflowing', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkEnsurePaths({ a: deep }, { a: 'not_null' })).toEqual([]);
  });
});

describe('the two levels agree', () => {
  it('presence accepts every JSON value at a path that resolves', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(checkEnsurePaths({ a: value }, { a: 'presence' })).toEqual([]);
      }),
    );
  });

  it('not_null fails exactly for null, blank strings and lists with an empty item somewhere', () => {
    const empty = (value: unknown): boolean =>
      value === null ||
      (typeof value === 'string' && value.trim() === '') ||
      (Array.isArray(value) && (value.length === 0 || value.some(empty)));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(checkEnsurePaths({ a: value }, { a: 'not_null' }).length === 1).toBe(empty(value));
      }),
    );
  });
});

describe("a JSON Schema's keys are ensured where their object or list is there", () => {
  /** An optional list of objects and an optional, nullable object, each with required keys. */
  const document = {
    type: 'object',
    properties: {
      title: { type: 'string' },
      steps: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, minutes: { type: 'number' } },
          required: ['name', 'minutes'],
        },
      },
      owner: {
        type: ['object', 'null'],
        properties: { name: { type: 'string' }, hours: { type: 'number' } },
        required: ['name', 'hours'],
      },
      tags: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    },
    required: ['title', 'tags'],
  };
  const fromDocument = defineOutput(document);
  const fromZod = defineOutput(
    z.object({
      title: z.string(),
      steps: z.array(z.object({ name: z.string(), minutes: z.number() })).optional(),
      owner: z.object({ name: z.string(), hours: z.number() }).nullable().optional(),
      tags: z.array(z.string().min(1)).min(1),
    }),
  );
  const check = (output: typeof fromDocument, data: unknown) => checkEnsurePaths(data, output.ensureKeys, output.root);

  it.each([
    ['JSON Schema', fromDocument],
    ['zod', fromZod],
  ])('%s: the keys and their levels', (_name, output) => {
    expect(output.ensureKeys).toEqual({
      title: 'presence',
      'steps[*].name': 'presence',
      'steps[*].minutes': 'not_null',
      'owner.name': 'presence',
      'owner.hours': 'not_null',
      tags: 'not_null',
    });
  });

  it.each([
    ['JSON Schema', fromDocument],
    ['zod', fromZod],
  ])(
    '%s: the optional list and object left out, empty or null pass; a missing key of an item still fails',
    (_name, output) => {
      expect(check(output, { title: 'x', tags: ['a'] })).toEqual([]);
      expect(check(output, { title: 'x', tags: ['a'], steps: [], owner: null })).toEqual([]);
      expect(
        check(output, { title: 'x', tags: ['a'], steps: [{ name: 'a', minutes: 1 }], owner: { name: 'A', hours: 0 } }),
      ).toEqual([]);
      expect(
        check(output, { title: 'x', tags: ['a'], steps: [{ name: 'a', minutes: 1 }, { name: 'b' }], owner: {} }),
      ).toEqual([
        { path: 'steps[*].minutes', level: 'not_null', reason: 'steps[1].minutes is missing' },
        { path: 'owner.name', level: 'presence', reason: 'owner.name is missing' },
        { path: 'owner.hours', level: 'not_null', reason: 'owner.hours is missing' },
      ]);
      // The list the schema requires (minItems 1) is still its own key's to fail.
      expect(check(output, { title: 'x', tags: [] })).toEqual([
        { path: 'tags', level: 'not_null', reason: 'tags is an empty list' },
      ]);
      expect(check(output, { title: 'x' })).toEqual([{ path: 'tags', level: 'not_null', reason: 'tags is missing' }]);
    },
  );

  it('the tuple DSL keeps its rule: a missing list fails, and not_null over no items fails', () => {
    const dsl = defineOutput({ steps: [{ name: ['string', 'step', 'not_null'] }] });
    expect(check(dsl, {})).toEqual([{ path: 'steps[*].name', level: 'not_null', reason: 'steps is missing' }]);
    expect(check(dsl, { steps: [] })).toEqual([
      { path: 'steps[*].name', level: 'not_null', reason: 'steps has no items' },
    ]);
  });

  it('for every answer: each item with all its keys passes, an item missing one fails naming it', () => {
    const step = fc.record({ name: fc.string(), minutes: fc.integer() });
    const steps = fc.option(fc.array(step, { maxLength: 4 }), { nil: undefined });
    fc.assert(
      fc.property(steps, fc.nat(), fc.boolean(), (list, at, dropName) => {
        const data = { title: 't', tags: ['a'], ...(list === undefined ? {} : { steps: list }) };
        expect(check(fromZod, data)).toEqual([]);
        if (list === undefined || list.length === 0) return;
        const index = at % list.length;
        const { [dropName ? 'name' : 'minutes']: _dropped, ...rest } = list[index]!;
        const broken = { ...data, steps: list.map((item, i) => (i === index ? rest : item)) };
        const key = dropName ? 'name' : 'minutes';
        expect(check(fromZod, broken)).toEqual([
          {
            path: `steps[*].${key}`,
            level: dropName ? 'presence' : 'not_null',
            reason: `steps[${index}].${key} is missing`,
          },
        ]);
      }),
    );
  });
});
