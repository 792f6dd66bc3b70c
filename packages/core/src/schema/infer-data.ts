import type { Literal, OutputNode, TypeName } from './schema-types';
import type { StandardTypedV1 } from './standard-schema';
import type { Streamed } from './streamed';

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

/** A compiled definition, as far as the two types below read it. */
type Definition<Data, Input> = { readonly root: OutputNode; readonly $data?: Data; readonly $input?: Input };

/**
 * The final data of each schema `createResponse` takes: what `getData()` resolves and
 * `useFinalData` returns. A definition's `Data`, a Standard Schema's output; `unknown` for a
 * JSON Schema document (name the type: `defineOutput<Data>(document)`).
 */
export type InferOutput<Schema> =
  Schema extends Definition<infer Data, unknown>
    ? Data
    : Schema extends StandardTypedV1
      ? StandardTypedV1.InferOutput<Schema>
      : unknown;

/**
 * What the model writes for a schema, before the schema's transforms, defaults and pipes run: a
 * Standard Schema's input side (`z.input`), a definition's `Input`. For the tuple DSL and JSON
 * Schema it is the output. While a response streams, the store holds it partially
 * ({@link InferStreamed}); the output arrives only with the final data.
 */
export type InferInput<Schema> =
  Schema extends Definition<unknown, infer Input>
    ? Input
    : Schema extends StandardTypedV1
      ? StandardTypedV1.InferInput<Schema>
      : unknown;

/**
 * The streamed type of a schema: its input, partial (`Streamed<InferInput<Schema>>`): the type of
 * what `useInstantField` and `useInstantList` read while the response streams.
 */
export type InferStreamed<Schema> = Streamed<InferInput<Schema>>;
