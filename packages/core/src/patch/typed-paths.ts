// Type-level paths (docs/decisions/0017-path-types.md): the paths of a data type in the path
// syntax of patch/path.ts, and the value each one reaches. Nothing here exists at run time.

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm';
type Lower2 = 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z';
type IdentifierStart = Lower | Lower2 | Uppercase<Lower | Lower2> | '_';
type IdentifierPart = IdentifierStart | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

type IsIdentifierTail<S extends string> = S extends `${infer C}${infer Rest}`
  ? C extends IdentifierPart
    ? IsIdentifierTail<Rest>
    : false
  : true;

/** `/^[A-Za-z_][A-Za-z0-9_]*$/`, the keys a path writes after a dot. */
type IsIdentifier<K extends string> = K extends `${infer C}${infer Rest}`
  ? C extends IdentifierStart
    ? IsIdentifierTail<Rest>
    : false
  : false;

type EscapeQuotes<S extends string> = S extends `${infer A}"${infer B}` ? `${A}\\"${EscapeQuotes<B>}` : S;
/** JSON string quoting of a key, for `["key"]` (backslashes and quotes; control characters are not keys in practice). */
type JsonQuoted<S extends string> = S extends `${infer A}\\${infer B}`
  ? `${EscapeQuotes<A>}\\\\${JsonQuoted<B>}`
  : EscapeQuotes<S>;

/** `prefix.key`, `key` at the root, or `prefix["key"]` for a key that is not an identifier. */
type KeyPath<Prefix extends string, K extends string> =
  IsIdentifier<K> extends true ? (Prefix extends '' ? K : `${Prefix}.${K}`) : `${Prefix}["${JsonQuoted<K>}"]`;

/** Every path below `Prefix`, for a value whose type is not known. */
type OpenPaths<Prefix extends string> = Prefix extends '' ? string : `${Prefix}.${string}` | `${Prefix}[${string}`;

/** Nesting beyond this depth is reached with untyped paths (keeps recursive data types finite). */
type MaxDepth = 10;

/** One path of a data type and the type of the value it reaches. */
type Entry<P extends string, Value> = { path: P; value: Value };

type Entries<T, P extends string, Depth extends readonly unknown[]> =
  | Entry<P, T>
  | (unknown extends T ? Entry<OpenPaths<P>, unknown> : ChildEntries<NonNullable<T>, P, Depth>);

// Distributes over unions: `{ a: X } | { b: Y }` has the paths of both.
type ChildEntries<T, P extends string, Depth extends readonly unknown[]> = Depth['length'] extends MaxDepth
  ? Entry<OpenPaths<P>, unknown>
  : T extends readonly (infer Item)[]
    ? Entries<Item, `${P}[${number}]`, [...Depth, 0]>
    : T extends object
      ? string extends keyof T
        ? Entry<OpenPaths<P>, unknown>
        : {
            [K in keyof T]-?: K extends string
              ? Entries<Exclude<T[K], undefined>, KeyPath<P, K>, [...Depth, 0]>
              : never;
          }[keyof T]
      : never;

/**
 * Every path of `Data` as a property holding the value it reaches, computed once per data type.
 * Template paths (`items[${number}].name`) become pattern index signatures, so looking up the
 * value of a path is one property access instead of a walk over every path.
 */
type PathIndex<Data> = { [E in DataEntries<Data> as E['path']]: E['value'] };

type DataEntries<Data> = Entries<Data, '', []>;

// A named alias is instantiated once per data type; `keyof PathIndex<Data>` would be recomputed
// from the entries at every use.
type DataPaths<Data> = DataEntries<Data>['path'];

declare const dynamicPathBrand: unique symbol;

/**
 * A path computed at run time, which the compiler cannot check: the escape hatch of the typed
 * hooks. Write `path as DynamicPath`; the field's value is then `unknown`. Every hook accepts it.
 */
export type DynamicPath = string & { readonly [dynamicPathBrand]: true };

/**
 * The concrete paths of `Data` in path syntax: `''` (the whole value), keys (`summary`), nested
 * keys (`meta.score`), list items (`items[${number}]`, so `items[2]` and `` `items[${i}]` ``), and
 * `["key"]` for keys that are not identifiers (`tags["x y"]`). Any string when `Data` is unknown.
 */
export type Path<Data> = unknown extends Data ? string : DataPaths<Data>;

/** The list patterns of `Data`: a concrete path to a list followed by `[*]` (`items[*]`, `groups[${number}].tags[*]`). */
export type ListPattern<Data> = unknown extends Data ? string : ListPatterns<DataEntries<Data>>;

type ListPatterns<E> =
  E extends Entry<infer P, infer Value>
    ? unknown extends Value
      ? `${P}[*]`
      : NonNullable<Value> extends readonly unknown[]
        ? `${P}[*]`
        : never
    : never;

/**
 * The type of the value at path `P` of `Data` once it is there (an optional key's `undefined` is
 * left out); `unknown` for a {@link DynamicPath}.
 */
export type PathValue<Data, P extends string> = unknown extends Data
  ? unknown
  : P extends DynamicPath
    ? unknown
    : P extends DataPaths<Data>
      ? PathIndex<Data>[P]
      : never;

/** The path of an item of the list `Pattern` matches: `items[*]` → `` `items[${number}]` ``. */
export type ItemPath<Pattern extends string> = Pattern extends DynamicPath
  ? DynamicPath
  : Pattern extends `${infer Parent}[*]`
    ? `${Parent}[${number}]`
    : string;

// A store's two types (see `FieldStore<Data, Input>`): what streams, and the final data. The field
// hooks read both, because a field shows the streamed value until the final data replaces it.

/** What streams into a `FieldStore<Data, Input>`: `Input`, or `Data` when `Input` is not named (`unknown`). */
export type StreamedData<Data, Input> = unknown extends Input ? Data : Input;

/**
 * The paths a field hook takes on a `FieldStore<Data, Input>`: those of the streamed data and those
 * of the final data (a transform's output may have paths its input has not). `Path<Data>` when
 * `Input` is not named.
 */
export type FieldPath<Data, Input = unknown> = Path<StreamedData<Data, Input>> | Path<Data>;

/** The list patterns a list hook takes on a `FieldStore<Data, Input>`, of either side. */
export type FieldListPattern<Data, Input = unknown> = ListPattern<StreamedData<Data, Input>> | ListPattern<Data>;

/**
 * The value at path `P` of a `FieldStore<Data, Input>`: the streamed data's value there, until the
 * final data's replaces it. `FieldState<FieldValue<…>>['value']` is that union, streamed.
 */
export type FieldValue<Data, Input, P extends string> = PathValue<StreamedData<Data, Input>, P> | PathValue<Data, P>;
