/** A field of a contract. Every field is required unless `optional` (display-only fields). */
export type ContractField =
  | ({ type: 'string' | 'number' | 'integer' | 'boolean' } & FieldCommon)
  /** An enum: each value with its definition (what it means to every consumer). */
  | ({ type: 'enum'; values: Readonly<Record<string, string>> } & FieldCommon)
  | ({ type: 'array'; items: ContractField } & FieldCommon)
  | ({ type: 'object'; fields: Readonly<Record<string, ContractField>> } & FieldCommon);

type FieldCommon = {
  description: string;
  /** `null` is a valid value (absence is expressed by null, never by a missing key). */
  nullable?: boolean;
  /** A display-only field that may be missing; adding one is a minor change. */
  optional?: boolean;
};

/** What one status means and what each consumer does next. */
export type ContractStatus = {
  meaning: string;
  /** `business`: an outcome of the request; `system`: a fault of the machinery (kept apart). */
  kind: 'business' | 'system';
  /** Consumer name → the action it takes. Every consumer must have one. */
  actions: Readonly<Record<string, string>>;
};

/** A consumer of the output and the fields it reads (used to tell who a change breaks). */
export type ContractConsumer = { description: string; reads: readonly string[] };

/** A rule JSON Schema cannot express. Returns true, or a reason string / false when violated. */
export type ContractRule<Data> = {
  name: string;
  description: string;
  /** Only checked for these statuses (default: all). */
  statuses?: readonly string[];
  check(data: Data, context: ContractRuleContext): boolean | string;
};

/** Facts a rule may need from the caller (e.g. the refundable balance). */
export type ContractRuleContext = Readonly<Record<string, unknown>>;

export type ContractDefinition<Data = Record<string, unknown>> = {
  name: string;
  /** Version `major.minor` or `major.minor.patch`; written to the output as `schema_version`. */
  version: string;
  description?: string;
  fields: Readonly<Record<string, ContractField>>;
  statuses: Readonly<Record<string, ContractStatus>>;
  consumers: Readonly<Record<string, ContractConsumer>>;
  rules?: readonly ContractRule<Data>[];
};

/** One thing wrong with an output. */
export type ContractViolation = { path: string; rule: string; message: string };

/** What `route` returns: the status, its meaning, and each consumer's next action. */
export type ContractRoute = {
  status: string;
  kind: 'business' | 'system';
  meaning: string;
  actions: Readonly<Record<string, string>>;
};
