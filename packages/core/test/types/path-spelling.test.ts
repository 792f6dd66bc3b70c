// The typed paths spell every key the way formatPath writes it at run time, so a path the
// compiler accepts is a path the store finds. Runtime half here; the type half is checked by tsc
// (`npm run typecheck`), where expectTypeOf fails the compile.
import { formatPath, type Path, type PathValue } from '@fieldstream/core';
import { describe, expect, expectTypeOf, it } from 'vitest';

const spelled = {
  a: 'a',
  _b: '_b',
  A1_z: 'A1_z',
  '1a': '["1a"]',
  'a-b': '["a-b"]',
  'x y': '["x y"]',
  é: '["é"]',
  'say "hi"': '["say \\"hi\\""]',
  'back\\slash': '["back\\\\slash"]',
  $ref: '["$ref"]',
  '': '[""]',
} as const;
type Keys = { [K in keyof typeof spelled]: string };

describe('path spelling', () => {
  it('every key is written as formatPath writes it', () => {
    for (const [key, path] of Object.entries(spelled)) expect(formatPath([key])).toBe(path);
    expectTypeOf<Exclude<Path<Keys>, ''>>().toEqualTypeOf<(typeof spelled)[keyof typeof spelled]>();
  });

  it('nested keys and list indexes too', () => {
    type Data = { items: { 'x y': { ok: boolean }[] }[] };
    const path = formatPath(['items', 3, 'x y', 0, 'ok']);
    expect(path).toBe('items[3]["x y"][0].ok');
    expectTypeOf<'items[3]["x y"][0].ok'>().toExtend<Path<Data>>();
    expectTypeOf<PathValue<Data, 'items[3]["x y"][0].ok'>>().toEqualTypeOf<boolean>();
  });
});
