import type { StreamingData } from '../../patch/streaming-data';
import { abortable, throwIfAborted } from './abortable';
import { AnswerFlowError } from './answer-flow-error';
import type {
  AnswerFlowDefinition,
  AnswerFlowInput,
  AnswerFlowRunOptions,
  CheckVerdict,
  FlowContext,
  FlowIssue,
  FlowItemResult,
  GenerateResult,
} from './answer-flow-types';
import { fail, type ItemState } from './item-state';
import { observe, results } from './observe-stage';
import { prefixItemEvents } from './prefix-item-events';
import { reviewBatch } from './review-batch';

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

function isThenable(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}
