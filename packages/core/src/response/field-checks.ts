import { errorMessage } from '../errors/error-message';
import { readOwn } from '../patch/apply-patch';
import { appendSegment, type PathSegment, parsePath, WILDCARD, wildcardOf } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';
import type { OutputDefinition } from '../schema/define-output';
import { schemaNodeAt } from '../schema/schema-node-at';
import type { FormatName } from '../schema/select-format';
import type { StandardSchemaV1 } from '../schema/standard-schema';
import { standardSourceOf } from '../schema/standard-source';
import type { ObservationEvent } from './observation-events';
import { emptiness } from './validation/ensure-paths';
import { firstRuleFailure, leafRuleFailure, ruleRejection } from './validation/field-rules';
import {
  type FieldRejection,
  type FieldValidationContext,
  type FieldValidator,
  type FieldValidators,
  judgeField,
} from './validation/field-validator';
import { standardFieldValidate } from './validation/standard-field-schema';
import type { ValidationFailure } from './validation/validation-failure';
import type { NormalisedVerdict } from './validation/validator';

/** What one response's field checks need, resolved once. */
export type FieldCheckPlan = {
  output: OutputDefinition | undefined;
  /** The response's `validateField`, keys in canonical form. */
  validators: readonly (readonly [path: string, validator: FieldValidator])[];
  /** Check fields as they close (`earlyValidation`, default true). */
  early: boolean;
  input: unknown;
  maxRetries: number;
  /** Where each field validator's verdict is reported (the observation log). */
  observe?: (event: ObservationEvent) => void;
};

/** Makes each attempt's field checks for a response (`runResponse`'s context, read once). */
export function fieldChecksFor(context: {
  output: OutputDefinition | undefined;
  validateField: FieldValidators | undefined;
  earlyValidation: boolean;
  input: unknown;
  maxRetries: number;
  observe?: (event: ObservationEvent) => void;
}): (attempt: number) => FieldChecks {
  const validators = Object.entries(context.validateField ?? {}).map(
    ([path, validator]) => [canonicalPath(path), validator] as const,
  );
  const plan: FieldCheckPlan = { ...context, validators, early: context.earlyValidation };
  return (attempt) => new FieldChecks(plan, attempt);
}

type Check = { name: string; verdict: NormalisedVerdict | Promise<NormalisedVerdict> };
/** Everything that judges the fields of one wildcard path, resolved the first time one closes. */
type Leaf = {
  /** A reserved `$` path (reasoning, tool calls): not the answer's, never judged. */
  skip: boolean;
  notNull: boolean;
  validate: StandardSchemaV1['~standard']['validate'] | undefined;
  node: ReturnType<typeof schemaNodeAt>;
  /** The field validators that can match, in registration order; `exact` ones name one concrete path. */
  validators: readonly { key: string; validator: FieldValidator; exact: boolean }[];
};

/**
 * One attempt's field checks. While the answer streams, `inspect` judges every field whose `done`
 * was observed in the text (its value can no longer change): its `not_null` mark, the schema's own
 * rule for it and its field validators. A retryable rejection found at once is returned; one an
 * async check finds later goes to `watch`'s `reject` (the attempt then stops its stream). At the
 * end, `atEnd` runs the field validators over the final data, reusing each verdict already given
 * for the same value.
 */
export class FieldChecks {
  rejection: FieldRejection | undefined;
  readonly #plan: FieldCheckPlan;
  readonly #early: boolean;
  readonly #context: Omit<FieldValidationContext, 'path' | 'wildcardPath'>;
  #onLateRejection: ((rejection: FieldRejection) => void) | undefined;
  #watched: { format: FormatName; text: () => string; reject: (rejection: FieldRejection) => void } | undefined;
  readonly #standard: object | undefined;
  /**
   * Leaves by wildcard path: a prototype-free object, not a Map. A patch's path is a fresh string
   * every time; a property look-up finds it through V8's string table without the retained flat
   * copy a Map's key comparison makes of each one (decision 0022 has the counts).
   */
  readonly #leaves: Record<string, Leaf | undefined> = Object.create(null);
  /** Field validators' verdicts by validator path and field path, with the value they judged. */
  readonly #verdicts = new Map<string, { value: unknown; check: Check }>();
  /** Undecided until the first structured patch: whether the stream follows the block the final parse keeps. */
  #trusted: boolean | undefined;
  /** Async verdicts asked while the answer streamed and not settled yet, and who waits for them. */
  #inFlight = 0;
  #onSettled: (() => void) | undefined;

  constructor(plan: FieldCheckPlan, attempt: number) {
    this.#plan = plan;
    // With no retry left the answer streams to its end as before: nothing to stop early for.
    this.#early = plan.early && attempt < plan.maxRetries;
    this.#context = { attemptIndex: attempt, maxRetries: plan.maxRetries, input: plan.input };
    this.#standard = plan.output === undefined ? undefined : standardSourceOf(plan.output);
  }

  /**
   * Starts judging an attempt's stream: the chunks `held` while this module loaded first, then each
   * chunk given to `judge`. A rejection goes to `reject`, also one an async check finds later while
   * `live()` (the stream still runs).
   */
  watch(
    held: (readonly StreamingData[])[],
    format: FormatName,
    text: () => string,
    reject: (rejection: FieldRejection) => void,
    live: () => boolean,
  ): void {
    this.#watched = { format, text, reject };
    this.#onLateRejection = (rejection) => {
      if (live()) reject(rejection);
    };
    for (const patches of held.splice(0)) this.judge(patches);
  }

  /**
   * Judges one chunk's patches for `watch`. A method rather than a closure per attempt: the stream
   * loop calls the same function every attempt, so its compiled code stays valid.
   */
  judge(patches: readonly StreamingData[]): void {
    const watched = this.#watched;
    if (watched === undefined || !this.active) return;
    const rejection = this.inspect(patches, watched.format, watched.text);
    if (rejection !== undefined) watched.reject(rejection);
  }

  /** Whether `inspect` can ever reject: a plan with nothing to check costs the stream nothing. */
  get active(): boolean {
    return this.#early && (this.#plan.output !== undefined || this.#plan.validators.length > 0);
  }

  /** Judges the fields these patches closed; `text` reads the answer so far (the json block guard). */
  inspect(patches: readonly StreamingData[], format: FormatName, text: () => string): FieldRejection | undefined {
    if (this.rejection !== undefined) return this.rejection;
    for (let i = 0; i < patches.length; i++) {
      const patch = patches[i] as StreamingData;
      // `is_complete` first: most patches are string deltas, and one property read each is the cost.
      if (!patch.is_complete || patch.completion_source !== 'observed_boundary') continue;
      // A patch's path strings are fresh each time: this look-up by wildcard path is the only read
      // of them, unless a field validator names a concrete path.
      const leaf = this.#leafOf(patch.wildcard_path);
      if (leaf.skip) continue;
      this.#trusted ??= followsKeptBlock(format, text(), this.#plan.output);
      if (!this.#trusted) return undefined;
      const found = this.#checkField(leaf, patch.path, patch.wildcard_path, patch.value);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /**
   * The verdicts still pending from fields judged while the answer streamed, once they settle: their
   * rejection, if one came. An attempt whose stream ended waits for them before it is validated, so
   * a field that closed just before the end is judged as it would have been with a sync check (a
   * Worker asks the main thread, so its checks are always async). At once when a rejection came
   * already; `undefined` when nothing is pending.
   */
  settled(): Promise<FieldRejection | undefined> | undefined {
    if (this.rejection !== undefined) return Promise.resolve(this.rejection);
    if (this.#inFlight === 0) return undefined;
    return new Promise((resolve) => {
      this.#onSettled = () => resolve(this.rejection);
    });
  }

  /**
   * The final data's field checks: the schema's rules per field (tuple DSL and JSON Schema; a
   * Standard Schema judges itself, last), then the field validators in registration and document
   * order. The first rejection.
   */
  async atEnd(data: unknown): Promise<ValidationFailure | undefined> {
    const { output } = this.#plan;
    if (output !== undefined && this.#standard === undefined) {
      const broken = firstRuleFailure(data, output.root);
      if (broken !== undefined) return fieldFailure(ruleRejection(broken.path, 'schema', broken.reason));
    }
    for (const [key, validator] of this.#plan.validators) {
      for (const match of matchesOf(data, parsePath(key))) {
        const check = this.#validatorCheck(key, validator, match.path, wildcardOf(match.path), match.value);
        const verdict = await check.verdict;
        if (!verdict.ok) return fieldFailure(rejectionOf(match.path, verdict));
      }
    }
    return undefined;
  }

  #checkField(leaf: Leaf, path: string, wildcardPath: string, value: unknown): FieldRejection | undefined {
    if (leaf.notNull) {
      const empty = emptiness(value, path);
      if (empty !== undefined) return this.#reject(ruleRejection(path, 'ensure', empty));
    }
    if (value === null || typeof value !== 'object') {
      if (leaf.validate !== undefined) {
        const found = this.#schemaCheck(path, leaf.validate, value);
        if (found !== undefined && !found.ok) return this.#reject(rejectionOf(path, found));
      } else if (leaf.node !== undefined) {
        const broken = leafRuleFailure(leaf.node, value);
        if (broken !== undefined) return this.#reject(ruleRejection(path, 'schema', broken));
      }
    }
    for (const { key, validator, exact } of leaf.validators) {
      if (exact && key !== path) continue;
      const { verdict } = this.#validatorCheck(key, validator, path, wildcardPath, value);
      const found = verdict instanceof Promise ? this.#later(path, verdict) : verdict;
      if (found !== undefined && !found.ok && !found.noRetry && found.raise === undefined)
        return this.#reject(rejectionOf(path, found));
    }
    return undefined;
  }

  #leafOf(wildcardPath: string): Leaf {
    let leaf = this.#leaves[wildcardPath];
    if (leaf === undefined) {
      leaf = this.#resolveLeaf(wildcardPath);
      this.#leaves[wildcardPath] = leaf;
    }
    return leaf;
  }

  #resolveLeaf(wildcardPath: string): Leaf {
    const validators = this.#plan.validators
      .filter(([key]) => key === wildcardPath || wildcardOf(key) === wildcardPath)
      .map(([key, validator]) => ({ key, validator, exact: key !== wildcardPath }));
    const { output } = this.#plan;
    if (wildcardPath.startsWith('$'))
      return { skip: true, notNull: false, validate: undefined, node: undefined, validators };
    if (output === undefined) return { skip: false, notNull: false, validate: undefined, node: undefined, validators };
    const standard = this.#standard;
    return {
      skip: false,
      notNull: output.ensureKeys[wildcardPath] === 'not_null',
      validate: standard === undefined ? undefined : fieldValidateOf(standard, wildcardPath),
      // A Standard Schema judges its fields itself (`validate`); the definition's rules are the tuple DSL's and JSON Schema's.
      node: standard === undefined ? schemaNodeAt(output.root, parsePath(wildcardPath)) : undefined,
      validators,
    };
  }

  #validatorCheck(key: string, validator: FieldValidator, path: string, wildcardPath: string, value: unknown): Check {
    const id = `${key}\u0000${path}`;
    const known = this.#verdicts.get(id);
    if (known !== undefined && Object.is(known.value, value)) return known.check;
    const name = validator.name !== '' ? validator.name : key;
    const check = { name, verdict: judgeField(validator, value, { ...this.#context, path, wildcardPath }, name) };
    this.#verdicts.set(id, { value, check });
    // A pass is no event of its own anywhere else: the observation log is where a timeline sees it.
    const report = (verdict: NormalisedVerdict): void =>
      this.#plan.observe?.({
        type: 'model.field_checked',
        attempt: this.#context.attemptIndex,
        path,
        validator_name: name,
        ok: verdict.ok,
        ...(verdict.ok ? {} : { reason: verdict.reason }),
      });
    if (check.verdict instanceof Promise) check.verdict.then(report, () => undefined);
    else report(check.verdict);
    return check;
  }

  /**
   * The Standard Schema's own rule for a field. A schema that throws or rejects gives no early
   * verdict: the whole schema judges the data again at the end, which reports it.
   */
  #schemaCheck(
    path: string,
    validate: StandardSchemaV1['~standard']['validate'],
    value: unknown,
  ): NormalisedVerdict | undefined {
    try {
      const result = validate(value);
      return result instanceof Promise ? this.#later(path, result.then(schemaVerdict)) : schemaVerdict(result);
    } catch {
      return undefined;
    }
  }

  /**
   * An async verdict: a retryable rejection that arrives while the stream still runs stops it. One
   * that rejects (a schema's) counts as settled without a verdict; one that never settles is waited
   * for until the attempt is aborted (`settled`).
   */
  #later(path: string, verdict: Promise<NormalisedVerdict>): undefined {
    this.#inFlight++;
    const done = () => {
      if (--this.#inFlight === 0 || this.rejection !== undefined) this.#onSettled?.();
    };
    verdict
      .then((settled) => {
        if (!settled.ok && !settled.noRetry && settled.raise === undefined && this.rejection === undefined) {
          this.rejection = rejectionOf(path, settled);
          this.#onLateRejection?.(this.rejection);
        }
      })
      .then(done, done);
    return undefined;
  }

  #reject(rejection: FieldRejection): FieldRejection {
    this.rejection = rejection;
    return rejection;
  }
}

/**
 * Each Standard Schema's field validators by wildcard path, found once per schema rather than once
 * per attempt: a schema usually serves many responses, and walking it is the one part of the checks
 * whose cost would otherwise grow with their number.
 */
const fieldValidates = new WeakMap<object, Map<string, StandardSchemaV1['~standard']['validate'] | undefined>>();

function fieldValidateOf(
  standard: object,
  wildcardPath: string,
): StandardSchemaV1['~standard']['validate'] | undefined {
  let known = fieldValidates.get(standard);
  if (known === undefined) {
    known = new Map();
    fieldValidates.set(standard, known);
  }
  if (known.has(wildcardPath)) return known.get(wildcardPath);
  let validate: StandardSchemaV1['~standard']['validate'] | undefined;
  try {
    validate = standardFieldValidate(standard, parsePath(wildcardPath));
  } catch {
    // A schema whose walk throws (a getter in its shape): its fields are judged at the end only.
  }
  known.set(wildcardPath, validate);
  return validate;
}

function fieldFailure(rejection: FieldRejection): ValidationFailure {
  return { stage: 'field', rejection, reason: `${rejection.path}: ${rejection.reason}` };
}

function rejectionOf(path: string, verdict: Extract<NormalisedVerdict, { ok: false }>): FieldRejection {
  const { validatorName, reason, payload, noRetry, raise } = verdict;
  return { path, validatorName, reason, payload, noRetry, raise };
}

const PASSED: NormalisedVerdict = Object.freeze({ ok: true });

function schemaVerdict(result: StandardSchemaV1.Result<unknown>): NormalisedVerdict {
  if (result.issues === undefined) return PASSED;
  const reason =
    result.issues.map((issue) => errorMessage(issue.message)).join('; ') || 'the schema rejected the field';
  return { ok: false, validatorName: 'schema', reason, payload: undefined, noRetry: false, raise: undefined };
}

/**
 * Whether the stream follows the block the final parse will keep (docs/decisions/0016): in `json`,
 * only when the answer opens with its block (blank or a fence before it) and the block is of the
 * schema root's kind. Prose first may be a draft before the answer, and an object before a root
 * list loses to the list: such an attempt is judged at the end only. The text formats stream their
 * own sections, which the final parse keeps.
 */
function followsKeptBlock(format: FormatName, text: string, output: OutputDefinition | undefined): boolean {
  if (format !== 'json') return true;
  const open = text.search(/[[{]/);
  if (open < 0 || !/^\s*(```[\w-]*\s*)?$/.test(text.slice(0, open))) return false;
  const kind = output?.root.kind;
  return kind === undefined || kind === (text[open] === '[' ? 'array' : 'object');
}

/** A path as patches write it (`items[*].email`), whatever quoting the caller used. */
function canonicalPath(path: string): string {
  let out = '';
  for (const segment of parsePath(path)) out = segment === WILDCARD ? `${out}[*]` : appendSegment(out, segment);
  return out;
}

/** Every place of `data` a path (indexes or `[*]`) names, in document order; own keys only. */
function matchesOf(data: unknown, segments: readonly PathSegment[]): { path: string; value: unknown }[] {
  let matches = [{ path: '', value: data }];
  for (const segment of segments) {
    const next: typeof matches = [];
    for (const match of matches) {
      if (segment === WILDCARD || typeof segment === 'number') {
        if (!Array.isArray(match.value)) continue;
        const indexes = segment === WILDCARD ? match.value.keys() : [segment];
        for (const index of indexes)
          if (index < match.value.length)
            next.push({ path: appendSegment(match.path, index), value: match.value[index] });
      } else {
        const value = readOwn(match.value, segment);
        if (value !== undefined) next.push({ path: appendSegment(match.path, segment), value });
      }
    }
    matches = next;
  }
  return matches;
}
