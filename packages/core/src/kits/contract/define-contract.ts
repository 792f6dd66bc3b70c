import { checkObject } from '../../errors/check-argument';
import type { Validator } from '../../response/validation/validator';
import type { OutputDefinition } from '../../schema/define-output';
import type { JsonSchema } from '../../schema/json-schema';
import type { ContractData } from './contract-data';
import { ContractError } from './contract-error';
import { contractInstructions } from './contract-instructions';
import { contractJSONSchema, contractOutput } from './contract-schema';
import type {
  ContractDefinition,
  ContractField,
  ContractRoute,
  ContractRuleContext,
  ContractStatus,
  ContractViolation,
} from './contract-types';
import { type ContractSample, runContractSamples, type SampleReport } from './run-contract-samples';
import { validateContractOutput } from './validate-contract-output';

/** A compiled output contract. */
export type Contract<Data = Record<string, unknown>> = {
  readonly definition: ContractDefinition<Data>;
  readonly name: string;
  readonly version: string;
  /** The output schema for streaming and parsing (`createResponse({ output })`). */
  readonly output: OutputDefinition<Data>;
  /** Strict JSON Schema 2020-12 for providers' native structured output. */
  toJSONSchema(): JsonSchema;
  /** The contract as prompt text (`createResponse({ instruct })`). */
  instructions(): string;
  /** Every violation of an output: shape, enums, nullability, version, then the program rules. */
  validate(output: unknown, context?: ContractRuleContext): ContractViolation[];
  /** The contract as response validators: a violation retries with the reasons as correction. */
  validators(context?: ContractRuleContext): Validator<Data>[];
  /** Per status, the action each consumer takes. Throws ContractError on an unknown status. */
  route(output: unknown): ContractRoute;
  /** Runs sample outputs (one per status, plus invalid ones) and reports every violation. */
  checkSamples(samples: readonly ContractSample[], context?: ContractRuleContext): SampleReport;
};

/** The data type of a contract made by `defineContract`: `type Refund = InferContractData<typeof refund>`. */
export type InferContractData<C> = C extends Contract<infer Data> ? Data : never;

/** Rejects a record type with a string index (fields typed `Record<string, ContractField>`): nothing to infer. */
type KnownKeys<T> = string extends keyof T ? never : unknown;

// `major.minor` (the output-contract seed's "1.2") or `major.minor.patch`.
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)(\.(0|[1-9]\d*))?$/;

/**
 * Defines an output contract: the agreement between a model's output and its consumers. Every
 * field is required (absence is `null` or `[]`), `status` says what each consumer does next, and
 * the rules check what JSON Schema cannot. A malformed definition throws `ContractError`. Written
 * inline, the data type is inferred from the fields and statuses (the rules' `data` is typed by
 * it; name it with `InferContractData<typeof contract>`); a definition already typed as
 * `ContractDefinition<Data>` keeps its `Data`.
 */
export function defineContract<
  const Fields extends Readonly<Record<string, ContractField>>,
  const Statuses extends Readonly<Record<string, ContractStatus>>,
>(
  definition: ContractDefinition<ContractData<Fields, Statuses>> & {
    readonly fields: Fields & KnownKeys<Fields>;
    readonly statuses: Statuses & KnownKeys<Statuses>;
  },
): Contract<ContractData<Fields, Statuses>>;
export function defineContract<Data>(definition: ContractDefinition<Data>): Contract<Data>;
export function defineContract<Data>(definition: ContractDefinition<Data>): Contract<Data> {
  checkObject('defineContract contract definition', definition);
  checkDefinition(definition);
  const output = contractOutput(definition);
  const validate = (value: unknown, context?: ContractRuleContext) =>
    validateContractOutput(definition, value, context);
  return {
    definition,
    name: definition.name,
    version: definition.version,
    output,
    toJSONSchema: () => contractJSONSchema(definition),
    instructions: () => contractInstructions(definition),
    validate,
    validators: (context) => [
      {
        name: `contract:${definition.name}@${definition.version}`,
        validate: (data) => {
          const violations = validate(data, context);
          if (violations.length === 0) return true;
          return { ok: false, reason: violations.map((v) => v.message).join('; '), payload: violations };
        },
      },
    ],
    route: (value) => route(definition, value),
    checkSamples: (samples, context) => runContractSamples(validate, samples, context),
  };
}

function route<Data>(definition: ContractDefinition<Data>, value: unknown): ContractRoute {
  const status = value !== null && typeof value === 'object' ? (value as { status?: unknown }).status : undefined;
  if (typeof status !== 'string' || !Object.hasOwn(definition.statuses, status)) {
    throw new ContractError(
      'CONTRACT_UNKNOWN_STATUS',
      `status ${JSON.stringify(status)} is not in contract ${definition.name}`,
    );
  }
  const entry = definition.statuses[status] as ContractDefinition['statuses'][string];
  return { status, kind: entry.kind, meaning: entry.meaning, actions: entry.actions };
}

function checkDefinition<Data>(definition: ContractDefinition<Data>): void {
  const problems: string[] = [];
  if (!definition.name) problems.push('name is required');
  if (!VERSION.test(definition.version ?? ''))
    problems.push(`version must be major.minor or major.minor.patch, got ${JSON.stringify(definition.version)}`);
  const statuses = Object.entries(definition.statuses ?? {});
  if (statuses.length === 0) problems.push('at least one status is required');
  const consumers = Object.keys(definition.consumers ?? {});
  for (const [name, status] of statuses) {
    if (!status.meaning) problems.push(`status ${name} needs a meaning`);
    if (status.kind !== 'business' && status.kind !== 'system')
      problems.push(`status ${name} kind must be business or system`);
    for (const consumer of consumers) {
      if (!Object.hasOwn(status.actions ?? {}, consumer))
        problems.push(`status ${name} has no action for consumer ${consumer}`);
    }
    for (const consumer of Object.keys(status.actions ?? {})) {
      if (!consumers.includes(consumer)) problems.push(`status ${name} names unknown consumer ${consumer}`);
    }
  }
  for (const key of ['schema_version', 'status']) {
    if (Object.hasOwn(definition.fields, key)) problems.push(`field ${key} is reserved (the contract adds it)`);
  }
  const stack: [string, ContractField][] = Object.entries(definition.fields).map(([key, field]) => [key, field]);
  while (stack.length > 0) {
    const [path, field] = stack.pop() as [string, ContractField];
    if (!field.description) problems.push(`field ${path} needs a description`);
    if (field.type === 'enum' && Object.keys(field.values).length === 0) problems.push(`enum ${path} needs values`);
    if (field.type === 'enum') {
      for (const [value, meaning] of Object.entries(field.values))
        if (!meaning) problems.push(`enum value ${path}=${value} needs a definition`);
    }
    if (field.type === 'object')
      stack.push(...Object.entries(field.fields).map(([k, f]): [string, ContractField] => [`${path}.${k}`, f]));
    if (field.type === 'array') stack.push([`${path}[*]`, field.items]);
  }
  const readable = new Set(['schema_version', 'status', ...Object.keys(definition.fields)]);
  for (const [name, consumer] of Object.entries(definition.consumers ?? {})) {
    for (const read of consumer.reads) {
      if (!readable.has(read.split('.')[0] as string)) problems.push(`consumer ${name} reads unknown field ${read}`);
    }
  }
  if (problems.length > 0) {
    throw new ContractError(
      'CONTRACT_INVALID_DEFINITION',
      `Invalid contract ${definition.name}: ${problems.join('; ')}`,
    );
  }
}
