import type { PromptParts } from '../../prompt/prompt-parts';
import type { FormatName } from '../../schema/select-format';

/** The object form of a validator's answer (Agently's field names). */
export type ValidatorVerdict = {
  /** The data passed. A missing `ok` counts as a failure. */
  ok: boolean;
  /** Why it failed; goes into the `[OUTPUT CORRECTION]` block of the retry. */
  reason?: string;
  /** Anything for observers (`model.validation_failed` carries it). */
  payload?: unknown;
  /** Overrides the validator's name in events and errors. */
  validator_name?: string;
  /** Fail without retrying (the budget is left unused). */
  no_retry?: boolean;
  /** Same as `no_retry`. */
  stop?: boolean;
  /** Throw this error from `getData()` at once: no retry, regardless of `raiseEnsureFailure`. */
  error?: Error;
  /** Same as `error`. */
  raise?: Error;
  /** Same as `error` (the seed's third spelling: `error` / `exception` / `raise`). */
  exception?: Error;
};

/** `true` / `undefined` pass, `false` fails, or a {@link ValidatorVerdict}. */
export type ValidatorResult = boolean | ValidatorVerdict | undefined;

/** What a validator sees besides the data. */
export type ValidationContext = {
  /** 0 for the first attempt. */
  readonly attemptIndex: number;
  /** Retries made before this attempt (equals `attemptIndex`: each retry is one attempt). */
  readonly retryCount: number;
  readonly maxRetries: number;
  /**
   * The prompt parts the next attempt will use. Writes here affect only later retries; the
   * correction block is managed by the response.
   */
  prompt: PromptParts;
  /** The whole prompt text this attempt sent. */
  readonly promptText: string;
  /** The settings the next attempt will send (a copy; writes affect only later retries). */
  settings: Record<string, unknown>;
  /** The response's input, as given. */
  readonly input: unknown;
  /** The parsed data being validated. */
  readonly data: unknown;
  /** The answer text of this attempt (reasoning split off). */
  readonly text: string;
  /** The format the answer was parsed as. */
  readonly format: FormatName;
};

/** A validator function: sync or async. A thrown error is a `model.validation_error`. */
export type ValidatorFunction<Data = unknown> = (
  data: Data,
  context: ValidationContext,
) => ValidatorResult | Promise<ValidatorResult>;

/** A validator, optionally named (the function's own name is used otherwise). */
export type Validator<Data = unknown> = ValidatorFunction<Data> | { name: string; validate: ValidatorFunction<Data> };

/** A validator's answer in one shape. */
export type NormalisedVerdict =
  | { ok: true }
  | {
      ok: false;
      validatorName: string;
      reason: string;
      payload: unknown;
      noRetry: boolean;
      /** An error to throw at once. */
      raise: Error | undefined;
    };

/** What running a validator gave: its verdict, or what it threw. */
export type Judged = NormalisedVerdict | { ok: 'threw'; error: unknown };

/**
 * Runs a user's validator (whole-data or field) on `value` and normalises its answer. Never throws
 * and never rejects: a throw, a rejection, or an answer that throws while it is read (a getter, a
 * Proxy) is `{ ok: 'threw', error }`. A promise that never settles is waited for until the
 * response is aborted.
 */
export function runValidator<Context>(
  run: (value: never, context: Context) => unknown,
  value: unknown,
  context: Context,
  name: string,
): Judged | Promise<Judged> {
  let result: unknown;
  try {
    result = run(value as never, context);
    if (typeof (result as PromiseLike<unknown> | null | undefined)?.then === 'function')
      return Promise.resolve(result).then((settled) => verdictOf(settled, name), threw);
  } catch (error) {
    return threw(error);
  }
  return verdictOf(result, name);
}

function verdictOf(result: unknown, name: string): Judged {
  try {
    return normaliseVerdict(result, name);
  } catch (error) {
    return threw(error);
  }
}

function threw(error: unknown): Judged {
  return { ok: 'threw', error };
}

/** The name a validator reports under. */
export function validatorName(validator: Validator<never>, index: number): string {
  if (typeof validator !== 'function') return validator.name;
  return validator.name !== '' ? validator.name : `validator_${index}`;
}

/** Normalises whatever a validator returned. */
export function normaliseVerdict(result: unknown, name: string): NormalisedVerdict {
  if (result === true || result === undefined) return { ok: true };
  if (result === false) return failedVerdict(name, 'the validator returned false');
  if (result === null || typeof result !== 'object')
    return failedVerdict(name, `the validator returned ${String(result)}`);
  const verdict = result as Partial<ValidatorVerdict>;
  const raise = [verdict.error, verdict.exception, verdict.raise].find((candidate) => candidate instanceof Error);
  if (verdict.ok === true && raise === undefined) return { ok: true };
  return {
    ok: false,
    validatorName: typeof verdict.validator_name === 'string' ? verdict.validator_name : name,
    reason:
      typeof verdict.reason === 'string' && verdict.reason !== ''
        ? verdict.reason
        : 'the validator rejected the output',
    payload: verdict.payload,
    noRetry: verdict.no_retry === true || verdict.stop === true,
    raise,
  };
}

/** A failing verdict with nothing but its validator's name and the reason. */
export function failedVerdict(validatorName: string, reason: string): NormalisedVerdict {
  return { ok: false, validatorName, reason, payload: undefined, noRetry: false, raise: undefined };
}
