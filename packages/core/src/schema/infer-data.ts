import type { Literal, TypeName } from './schema-types';

type ScalarOf<T> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : T extends 'any'
          ? unknown
          : never;

type TypeOf<T> = T extends TypeName ? ScalarOf<T> : T extends readonly (infer L extends Literal)[] ? L : never;

type EnsureOf<N> = N extends readonly [unknown, unknown, infer E]
  ? E extends true | 'presence'
    ? 'presence'
    : E extends 'not_null'
      ? 'not_null'
      : 'none'
  : 'none';

type IsArrayShape<N> = N extends readonly [infer Item]
  ? Item extends readonly unknown[] | { readonly [key: string]: unknown }
    ? true
    : false
  : false;

type ObjectData<N> = {
  -readonly [K in keyof N as EnsureOf<N[K]> extends 'none' ? never : K]: EnsureOf<N[K]> extends 'not_null'
    ? InferData<N[K]>
    : InferData<N[K]> | null;
} & {
  -readonly [K in keyof N as EnsureOf<N[K]> extends 'none' ? K : never]?: InferData<N[K]> | null;
};

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * The TypeScript type of the data a schema describes. Fields marked `'not_null'` are required and
 * non-null; `true`/`'presence'` fields are required but may be null; unmarked fields are optional.
 */
export type InferData<N> =
  IsArrayShape<N> extends true
    ? N extends readonly [infer Item]
      ? InferData<Item>[]
      : never
    : N extends readonly [infer T, ...unknown[]]
      ? TypeOf<T>
      : N extends { readonly [key: string]: unknown }
        ? Simplify<ObjectData<N>>
        : never;
