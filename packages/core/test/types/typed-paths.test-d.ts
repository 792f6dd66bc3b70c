// Type tests (vitest typecheck): the paths of a data type and the value each reaches.
import type { DynamicPath, ItemPath, ListPattern, Path, PathValue, Streamed } from '@fieldstream/core';
import { describe, expectTypeOf, test } from 'vitest';

type Ticket = {
  summary: string | null;
  severity: 'low' | 'high';
  risk_flags?: string[] | null;
  meta?: { score?: number | null; ok?: boolean | null } | null;
  items: { name: string; tags: string[] }[];
  'x y': { 'say "hi"': number; 'back\\slash': boolean };
  $ref: unknown;
  scores: Record<string, number>;
};

describe('Path', () => {
  test('lists the root, keys, nested keys, list items and quoted keys of the data', () => {
    expectTypeOf<Path<Ticket>>().toEqualTypeOf<
      | ''
      | 'summary'
      | 'severity'
      | 'risk_flags'
      | `risk_flags[${number}]`
      | 'meta'
      | 'meta.score'
      | 'meta.ok'
      | 'items'
      | `items[${number}]`
      | `items[${number}].name`
      | `items[${number}].tags`
      | `items[${number}].tags[${number}]`
      | '["x y"]'
      | '["x y"]["say \\"hi\\""]'
      | '["x y"]["back\\\\slash"]'
      | '["$ref"]'
      | `["$ref"].${string}`
      | `["$ref"][${string}`
      | 'scores'
      | `scores.${string}`
      | `scores[${string}`
    >();
  });

  test('accepts concrete indexes and template paths, and rejects typos and unquoted keys', () => {
    expectTypeOf<'items[3].tags[0]'>().toExtend<Path<Ticket>>();
    expectTypeOf<`items[${number}].name`>().toExtend<Path<Ticket>>();
    expectTypeOf<'["$ref"].anything[2]'>().toExtend<Path<Ticket>>();
    expectTypeOf<'summry'>().not.toExtend<Path<Ticket>>();
    expectTypeOf<'items.name'>().not.toExtend<Path<Ticket>>();
    expectTypeOf<'items[*].name'>().not.toExtend<Path<Ticket>>();
    expectTypeOf<'x y'>().not.toExtend<Path<Ticket>>();
    expectTypeOf<'$ref'>().not.toExtend<Path<Ticket>>();
    expectTypeOf<'meta.score.x'>().not.toExtend<Path<Ticket>>();
  });

  test('is any string for unknown data', () => {
    expectTypeOf<Path<unknown>>().toEqualTypeOf<string>();
    expectTypeOf<ListPattern<unknown>>().toEqualTypeOf<string>();
  });

  test('a list at the root and a string answer', () => {
    expectTypeOf<Path<{ title: string }[]>>().toEqualTypeOf<'' | `[${number}]` | `[${number}].title`>();
    expectTypeOf<Path<string>>().toEqualTypeOf<''>();
    expectTypeOf<ListPattern<{ title: string }[]>>().toEqualTypeOf<'[*]'>();
  });

  test('has the paths of every member of a union', () => {
    type Shape = { kind: 'circle'; radius: number } | { kind: 'box'; size: { w: number } };
    expectTypeOf<Path<Shape>>().toEqualTypeOf<'' | 'kind' | 'radius' | 'size' | 'size.w'>();
    expectTypeOf<PathValue<Shape, 'kind'>>().toEqualTypeOf<'circle' | 'box'>();
  });

  test('stops at depth 10 with untyped paths, so recursive types stay finite', () => {
    type Tree = { label: string; children: Tree[] };
    expectTypeOf<'children[0].label'>().toExtend<Path<Tree>>();
    expectTypeOf<PathValue<Tree, 'children[0].children[1].label'>>().toEqualTypeOf<string>();
    expectTypeOf<'children[0].lable'>().not.toExtend<Path<Tree>>();
    // Five list levels are ten segments deep: below that every path is accepted, untyped.
    type Deep = 'children[0].children[0].children[0].children[0].children[0].anything';
    expectTypeOf<Deep>().toExtend<Path<Tree>>();
    expectTypeOf<PathValue<Tree, Deep>>().toEqualTypeOf<unknown>();
  });
});

describe('PathValue', () => {
  test('is the type of the value at the path', () => {
    expectTypeOf<PathValue<Ticket, ''>>().toEqualTypeOf<Ticket>();
    expectTypeOf<PathValue<Ticket, 'summary'>>().toEqualTypeOf<string | null>();
    expectTypeOf<PathValue<Ticket, 'meta.score'>>().toEqualTypeOf<number | null>();
    expectTypeOf<PathValue<Ticket, 'items[2].tags'>>().toEqualTypeOf<string[]>();
    expectTypeOf<PathValue<Ticket, `items[${number}].tags[${number}]`>>().toEqualTypeOf<string>();
    expectTypeOf<PathValue<Ticket, '["x y"]["say \\"hi\\""]'>>().toEqualTypeOf<number>();
    expectTypeOf<PathValue<Ticket, '["$ref"].a.b'>>().toEqualTypeOf<unknown>();
    expectTypeOf<PathValue<Ticket, 'summary' | 'meta.ok'>>().toEqualTypeOf<string | null | boolean>();
  });

  test('is unknown for a dynamic path or unknown data', () => {
    expectTypeOf<PathValue<Ticket, DynamicPath>>().toEqualTypeOf<unknown>();
    expectTypeOf<PathValue<unknown, 'a.b'>>().toEqualTypeOf<unknown>();
  });
});

describe('ListPattern and ItemPath', () => {
  test('list patterns are the paths of lists followed by [*]', () => {
    expectTypeOf<ListPattern<Ticket>>().toEqualTypeOf<
      | 'risk_flags[*]'
      | 'items[*]'
      | `items[${number}].tags[*]`
      | `["$ref"][*]`
      | `["$ref"].${string}[*]`
      | `["$ref"][${string}[*]`
      | `scores.${string}[*]`
      | `scores[${string}[*]`
    >();
    expectTypeOf<'items[1].tags[*]'>().toExtend<ListPattern<Ticket>>();
    expectTypeOf<'summary[*]'>().not.toExtend<ListPattern<Ticket>>();
    expectTypeOf<'items[*].tags[*]'>().not.toExtend<ListPattern<Ticket>>();
  });

  test('an item path replaces the final [*] by an index', () => {
    expectTypeOf<ItemPath<'items[*]'>>().toEqualTypeOf<`items[${number}]`>();
    expectTypeOf<ItemPath<`items[${number}].tags[*]`>>().toEqualTypeOf<`items[${number}].tags[${number}]`>();
    expectTypeOf<ItemPath<DynamicPath>>().toEqualTypeOf<DynamicPath>();
    expectTypeOf<ItemPath<string>>().toEqualTypeOf<string>();
  });
});

describe('Streamed', () => {
  test('containers are partial and strings (enums too) grow, other scalars keep their type', () => {
    expectTypeOf<Streamed<'low' | 'high'>>().toEqualTypeOf<string>();
    expectTypeOf<Streamed<number | null>>().toEqualTypeOf<number | null>();
    expectTypeOf<Streamed<boolean>>().toEqualTypeOf<boolean>();
    expectTypeOf<Streamed<{ a: string; b: { c: 1 }[] }>>().toEqualTypeOf<{ a?: string; b?: { c?: 1 }[] }>();
    expectTypeOf<Streamed<unknown>>().toEqualTypeOf<unknown>();
  });
});
