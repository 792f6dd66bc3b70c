import { AbortError } from '../../errors/errors';
import type { StreamingData } from '../../patch/streaming-data';
import { AnswerFlowError } from './answer-flow-error';
import type {
  AnswerFlowDefinition,
  AnswerFlowInput,
  AnswerFlowRunOptions,
  CheckVerdict,
  FlowCheck,
  FlowContext,
  FlowIssue,
  FlowItemResult,
  FlowObservation,
  FlowStage,
  GenerateResult,
} from './answer-flow-types';
import { prefixItemEvents } from './prefix-item-events';

type ItemState<Data, Value> = {
  id: string;
  data: Data;
  value: Value | undefined;
  /** pending: needs a value this round; passed; failed: needs repair; not-run: never generated. */
  status: 'pending' | 'passed' | 'failed' | 'not-run';
  checks: FlowCheck[];
  issues: readonly FlowIssue[];
  generated: boolean;
  usedFallback: boolean;
};

/** Runs one answer flow to completion: rounds of generate → check → review, then fallback. */
export async function runAnswerFlow<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  input: AnswerFlowInput<Data>,
  options: AnswerFlowRunOptions<App>,
): Promise<FlowItemResult<Value>[]> {
  const signal = options.signal ?? new AbortController().signal;
  const states = createStates<Data, Value>(input);
  const byId = new Map(states.map((state) => [state.id, state]));
  let stopped = false;

  for (let round = 0; round <= definition.maxRepairs; round++) {
    const needing = states.filter((state) => state.status === 'pending' || state.status === 'failed');
    if (needing.length === 0) break;
    for (let start = 0; start < needing.length; start += definition.maxItems) {
      throwIfAborted(signal);
      const batch = needing.slice(start, start + definition.maxItems);
      const context: FlowContext<App> = { app: options.app, round, signal };
      if (!stopped) stopped = !askCanInvoke(definition, context, batch);
      if (stopped) {
        for (const state of batch) markNotRun(state, round);
        continue;
      }
      const generated = await abortable(
        definition.generate({
          items: batch.map((state) =>
            state.generated
              ? { id: state.id, data: state.data, repairs: state.issues, previous: state.value as Value }
              : { id: state.id, data: state.data },
          ),
          round,
          app: options.app,
          signal,
          emit: (itemId, events) => emitItemEvents(byId, itemId, events, options.sink),
        }),
        signal,
      );
      const checked = checkBatch(definition, batch, generated, context);
      await observe(definition, options, { stage: 'generate', round, results: results(batch, 'generate', round) });
      await observe(definition, options, { stage: 'check', round, results: results(batch, 'check', round) });
      await reviewBatch(definition, checked, context, options);
    }
  }

  for (const state of states) {
    if (state.status === 'pending') state.status = 'failed';
    if (state.status !== 'failed' && state.status !== 'not-run') continue;
    throwIfAborted(signal);
    const context: FlowContext<App> = { app: options.app, round: definition.maxRepairs, signal };
    const answer = await abortable(
      Promise.resolve(
        definition.fallback({ id: state.id, data: state.data, value: state.value, issues: state.issues }, context),
      ),
      signal,
    );
    if (answer.handled === true) {
      state.value = answer.value;
      state.usedFallback = true;
    }
    const status = state.usedFallback ? 'passed' : 'failed';
    state.checks.push({ stage: 'fallback', round: definition.maxRepairs, status, issues: [] });
  }
  const fallbackRound = states.filter((state) => state.checks.at(-1)?.stage === 'fallback');
  if (fallbackRound.length > 0) {
    await observe(definition, options, {
      stage: 'fallback',
      round: definition.maxRepairs,
      results: results(fallbackRound, 'fallback', definition.maxRepairs),
    });
  }
  return states.map(toResult);
}

function createStates<Data, Value>(input: AnswerFlowInput<Data>): ItemState<Data, Value>[] {
  const seen = new Set<string>();
  return input.inputIds.map((id) => {
    if (typeof id !== 'string')
      throw new AnswerFlowError('FLOW_INVALID_INPUT', `input ids must be strings, got ${typeof id}`);
    if (seen.has(id)) throw new AnswerFlowError('FLOW_INVALID_INPUT', `input id ${JSON.stringify(id)} appears twice`);
    seen.add(id);
    const has = input.items instanceof Map ? input.items.has(id) : Object.hasOwn(input.items, id);
    if (!has) throw new AnswerFlowError('FLOW_INVALID_INPUT', `no item data for input id ${JSON.stringify(id)}`);
    const data = (input.items instanceof Map ? input.items.get(id) : (input.items as Record<string, Data>)[id]) as Data;
    return {
      id,
      data,
      value: undefined,
      status: 'pending',
      checks: [],
      issues: [],
      generated: false,
      usedFallback: false,
    };
  });
}

function askCanInvoke<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  context: FlowContext<App>,
  batch: readonly ItemState<Data, Value>[],
): boolean {
  const allowed: unknown = definition.canInvoke({ ...context, items: batch.map(({ id, data }) => ({ id, data })) });
  if (typeof allowed !== 'boolean') {
    throw new AnswerFlowError(
      'FLOW_CAN_INVOKE_NOT_BOOLEAN',
      `canInvoke must return a boolean synchronously, got ${isThenable(allowed) ? 'a promise' : typeof allowed}`,
    );
  }
  return allowed;
}

function markNotRun<Data, Value>(state: ItemState<Data, Value>, round: number): void {
  const issue: FlowIssue = { code: 'not-run', message: 'canInvoke stopped further generate calls' };
  state.checks.push({ stage: 'generate', round, status: 'not-run', issues: [issue] });
  if (!state.generated) {
    state.status = 'not-run';
    state.issues = [issue];
  } else state.status = 'failed';
}

function checkBatch<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  batch: readonly ItemState<Data, Value>[],
  generated: GenerateResult<Value>,
  context: FlowContext<App>,
): ItemState<Data, Value>[] {
  const passed: ItemState<Data, Value>[] = [];
  for (const state of batch) {
    const has = generated instanceof Map ? generated.has(state.id) : Object.hasOwn(generated, state.id);
    state.generated = true;
    if (!has) {
      fail(state, 'generate', context.round, [
        { code: 'missing-value', message: 'generate returned no value for this item' },
      ]);
      continue;
    }
    const value = (
      generated instanceof Map ? generated.get(state.id) : (generated as Record<string, Value>)[state.id]
    ) as Value;
    state.value = value;
    state.checks.push({ stage: 'generate', round: context.round, status: 'passed', issues: [] });
    const verdict: unknown = definition.check({ id: state.id, data: state.data, value }, context);
    if (isThenable(verdict))
      throw new AnswerFlowError('FLOW_CHECK_NOT_SYNC', 'check must be synchronous; it returned a promise');
    const issues = verdictIssues(verdict as CheckVerdict);
    if (issues.length > 0) fail(state, 'check', context.round, issues);
    else {
      state.checks.push({ stage: 'check', round: context.round, status: 'passed', issues: [] });
      state.status = 'passed';
      state.issues = [];
      passed.push(state);
    }
  }
  return passed;
}

async function reviewBatch<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  checked: readonly ItemState<Data, Value>[],
  context: FlowContext<App>,
  options: AnswerFlowRunOptions<App>,
): Promise<void> {
  const policy = definition.reviewPolicy ?? 'optional';
  if (policy === 'off' || !definition.review || checked.length === 0) return;
  let verdicts: readonly { id: string; status: string; issues?: readonly FlowIssue[] }[] | undefined;
  try {
    const submitted = checked.map((state) => ({ id: state.id, data: state.data, value: state.value as Value }));
    verdicts = await abortable(definition.review(submitted, context), context.signal);
  } catch (error) {
    if (error instanceof AbortError) throw error;
    const message = `review unavailable: ${error instanceof Error ? error.message : String(error)}`;
    options.diagnostics?.push({ code: 'review_unavailable', round: context.round, message });
    options.logger?.warn(message, error);
  }
  if (verdicts !== undefined) assertCoversEveryItem(verdicts, checked);
  const byId = new Map(verdicts?.map((verdict) => [verdict.id, verdict]));
  for (const state of checked) {
    const verdict = byId.get(state.id);
    if (verdict?.status === 'approved') {
      state.checks.push({ stage: 'review', round: context.round, status: 'passed', issues: [] });
    } else if (verdict?.status === 'rejected') {
      const issues = verdict.issues?.length
        ? verdict.issues
        : [{ code: 'review-rejected', message: 'the review rejected this value' }];
      fail(state, 'review', context.round, issues);
    } else {
      // No verdict (review unavailable) or `unresolved`.
      const issue: FlowIssue = verdict
        ? { code: 'review-unresolved', message: 'the review could not decide' }
        : { code: 'review-unavailable', message: 'the review was unavailable' };
      if (policy === 'required') fail(state, 'review', context.round, [issue], 'unavailable');
      else state.checks.push({ stage: 'review', round: context.round, status: 'unavailable', issues: [issue] });
    }
  }
  await observe(definition, options, {
    stage: 'review',
    round: context.round,
    results: results(checked, 'review', context.round),
  });
}

function assertCoversEveryItem(
  verdicts: readonly { id: string; status: string }[],
  checked: readonly { id: string }[],
): void {
  if (!Array.isArray(verdicts))
    throw new AnswerFlowError('FLOW_REVIEW_INCOMPLETE', 'review must return an array of verdicts');
  const covered = new Set(verdicts.map((verdict) => verdict.id));
  const missing = checked.filter((state) => !covered.has(state.id)).map((state) => state.id);
  if (missing.length > 0) {
    throw new AnswerFlowError(
      'FLOW_REVIEW_INCOMPLETE',
      `review returned no verdict for ${missing.map((id) => JSON.stringify(id)).join(', ')}`,
    );
  }
  for (const verdict of verdicts) {
    if (!['approved', 'rejected', 'unresolved'].includes(verdict.status)) {
      throw new AnswerFlowError(
        'FLOW_REVIEW_INCOMPLETE',
        `review verdict for ${JSON.stringify(verdict.id)} has unknown status ${JSON.stringify(verdict.status)}`,
      );
    }
  }
}

function fail<Data, Value>(
  state: ItemState<Data, Value>,
  stage: FlowStage,
  round: number,
  issues: readonly FlowIssue[],
  status: FlowCheck['status'] = 'failed',
): void {
  state.checks.push({ stage, round, status, issues });
  state.status = 'failed';
  state.issues = issues;
}

function verdictIssues(verdict: CheckVerdict): readonly FlowIssue[] {
  if (verdict === true) return [];
  if (verdict === false) return [{ code: 'check-failed', message: 'check rejected this value' }];
  if (verdict && typeof verdict === 'object' && 'ok' in verdict) {
    if (verdict.ok) return [];
    return verdict.issues.length > 0
      ? verdict.issues
      : [{ code: 'check-failed', message: 'check rejected this value' }];
  }
  throw new AnswerFlowError(
    'FLOW_INVALID_DEFINITION',
    `check must return a boolean or { ok, issues }, got ${typeof verdict}`,
  );
}

function results<Data, Value>(
  states: readonly ItemState<Data, Value>[],
  stage: FlowStage,
  round: number,
): FlowObservation<Value>['results'] {
  return states.map((state) => {
    const check =
      [...state.checks].reverse().find((c) => c.stage === stage && c.round === round) ?? state.checks.at(-1);
    return { id: state.id, status: check?.status ?? 'not-run', value: state.value, issues: check?.issues ?? [] };
  });
}

async function observe<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  options: AnswerFlowRunOptions<App>,
  observation: FlowObservation<Value>,
): Promise<void> {
  if (!definition.observe) return;
  try {
    await definition.observe(observation);
  } catch (error) {
    const message = `observe failed at ${observation.stage}: ${error instanceof Error ? error.message : String(error)}`;
    options.diagnostics?.push({ code: 'observer_failed', round: observation.round, message });
    options.logger?.warn(message, error);
  }
}

function emitItemEvents<Data, Value>(
  byId: ReadonlyMap<string, ItemState<Data, Value>>,
  itemId: string,
  events: readonly StreamingData[],
  sink: ((events: readonly StreamingData[]) => void) | undefined,
): void {
  if (!byId.has(itemId))
    throw new AnswerFlowError('FLOW_INVALID_INPUT', `emit: unknown item id ${JSON.stringify(itemId)}`);
  sink?.(prefixItemEvents(itemId, events));
}

function toResult<Data, Value>(state: ItemState<Data, Value>): FlowItemResult<Value> {
  const status = state.usedFallback ? 'fallback' : state.status === 'pending' ? 'failed' : state.status;
  const issues = status === 'passed' || status === 'fallback' ? [] : state.issues;
  return { id: state.id, status, value: state.value, checks: state.checks, issues };
}

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AbortError('The answer flow was aborted');
}

/** Resolves like `promise`, but rejects with AbortError as soon as `signal` aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  throwIfAborted(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AbortError('The answer flow was aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) reject(new AbortError('The answer flow was aborted'));
        else resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(signal.aborted ? new AbortError('The answer flow was aborted') : error);
      },
    );
  });
}

function isThenable(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}
