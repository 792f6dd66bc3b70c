import { thrownReason } from './thrown-reason';
import { failedVerdict, type Judged, type NormalisedVerdict, runValidator, type ValidatorResult } from './validator';

/** What a field validator sees besides the value. */
export type FieldValidationContext = {
  /** The concrete path of the field that closed: `items[2].email`. */
  readonly path: string;
  /** The path with every index written `[*]`: `items[*].email`. */
  readonly wildcardPath: string;
  /** 0 for the first attempt. */
  readonly attemptIndex: number;
  readonly maxRetries: number;
  /** The response's input, as given. */
  readonly input: unknown;
};

/**
 * Checks one field's finished value: sync or async, with the same verdicts as a whole-data
 * validator (`true`/`undefined` pass, `false` fails, or `{ ok, reason, payload, validator_name,
 * no_retry, error }`). A thrown error rejects the field like a validator that throws.
 */
export type FieldValidator = (
  value: unknown,
  context: FieldValidationContext,
) => ValidatorResult | Promise<ValidatorResult>;

/**
 * Field validators by path: a concrete path (`summary`, `items[0].email`) or a wildcard path
 * (`items[*].email`) in the path grammar of docs/patch-contract.md §2. Each runs when a matching
 * field closes while the answer streams, and on the final data for every match not checked then.
 */
export type FieldValidators = Readonly<Record<string, FieldValidator>>;

/** A field that broke a rule of its own: which, where and why (docs/decisions/0022-validate-while-streaming.md). */
export type FieldRejection = {
  /** The concrete path: `items[2].email`. */
  path: string;
  /** `ensure` (a `not_null` mark), `schema` (the schema's rule), or the field validator's name. */
  validatorName: string;
  reason: string;
  payload: unknown;
  /** The verdict forbids a retry (`no_retry`); such a rejection never stops a stream. */
  noRetry: boolean;
  /** A verdict's `error`: thrown at the end, never a reason to stop a stream. */
  raise: Error | undefined;
};

/**
 * A field validator's verdict, sync or async; never throws nor rejects. A throw rejects the field
 * like a rejection whose reason quotes it (`check threw: …`), as a throwing validator does.
 */
export function judgeField(
  validator: FieldValidator,
  value: unknown,
  context: FieldValidationContext,
  name: string,
): NormalisedVerdict | Promise<NormalisedVerdict> {
  const judged = runValidator(validator, value, context, name);
  return judged instanceof Promise ? judged.then((settled) => fieldVerdict(settled, name)) : fieldVerdict(judged, name);
}

function fieldVerdict(judged: Judged, name: string): NormalisedVerdict {
  return judged.ok === 'threw' ? failedVerdict(name, thrownReason(name, judged.error)) : judged;
}
