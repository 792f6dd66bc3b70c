// The data type of a contract, inferred from its definition: `defineContract` reads it off the
// fields and statuses as written, so a contract never repeats its type by hand.

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type FieldValue<Field> = Field extends { type: 'string' }
  ? string
  : Field extends { type: 'number' | 'integer' }
    ? number
    : Field extends { type: 'boolean' }
      ? boolean
      : Field extends { type: 'enum'; values: infer Values }
        ? keyof Values & string
        : Field extends { type: 'array'; items: infer Item }
          ? FieldData<Item>[]
          : Field extends { type: 'object'; fields: infer Fields }
            ? FieldsData<Fields>
            : never;

/** A field's value; `null` too when the field is `nullable`. */
type FieldData<Field> = FieldValue<Field> | (Field extends { nullable: true } ? null : never);

/** Every field is required, except `optional` (display-only) ones. */
type FieldsData<Fields> = Simplify<
  { -readonly [K in keyof Fields as Fields[K] extends { optional: true } ? never : K]: FieldData<Fields[K]> } & {
    -readonly [K in keyof Fields as Fields[K] extends { optional: true } ? K : never]?: FieldData<Fields[K]>;
  }
>;

/** The output of a contract with these fields and statuses: `schema_version`, `status`, then the fields. */
export type ContractData<Fields, Statuses> = Simplify<
  { schema_version: string; status: keyof Statuses & string } & FieldsData<Fields>
>;
