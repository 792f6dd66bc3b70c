import type { StreamingData } from '../../patch/streaming-data';
import { abortable, throwIfAborted } from './abortable';
import { AnswerFlowError } from './answer-flow-error';
import type {
  AnswerCheck,
  AnswerFlowDefinition,
  AnswerFlowInput,
  AnswerIssue,
  AnswerResult,
  AnswerRunContext,
  GenerateContext,
  GenerateInput,
  OperationContext,
} from './answer-flow-types';
import { checkInput } from './check-input';
import { createState, fail, type ItemState, pass, toResult } from './item-state';
import { observe } from './observe-stage';
import { prefixItemEvents } from './prefix-item-events';
import { reviewBatch } from './review-batch';

const CHECK_STATUSES = ['passed', 'failed', 'unavailable', 'not-run'];

/**
 * Runs one answer flow: rounds of generate → check → review over the items that still need a
 * value (passed items are never regenerated), batches of at most `maxItems`, then `fallback` for
 * what still fails. Stage ids are `generate:<round>`, `check:<round>`, `review:<round>`, `fallback`.
 */
export async function runAnswerFlow<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  input: AnswerFlowInput<Data>,
  runContext: AnswerRunContext<App>,
): Promise<AnswerResult<Data, Value>[]> {
  checkInput(input);
  const { sink, ...context } = runContext;
  const states = input.items.map(createState<Data, Value>);
  const byId = new Map(states.map((state) => [state.item.id, state]));
  const generateContext: GenerateContext<App> = {
    ...context,
    emit: (itemId, events) => emitItemEvents(byId, itemId, events, sink),
  };
  let stopped = false;
  let lastRound = 0;

  for (let round = 0; round <= definition.maxRepairs && !stopped; round++) {
    lastRound = round;
    const needing = states.filter((state) => state.status === 'pending' || state.status === 'failed');
    for (let start = 0; start < needing.length; start += definition.maxItems) {
      throwIfAborted(context.signal);
      const batch = needing.slice(start, start + definition.maxItems);
      if (!stopped) stopped = !askCanInvoke(definition, context);
      if (stopped) {
        for (const state of batch) markNotRun(state, round);
        continue;
      }
      const generated = await abortable(definition.generate(generateInput(batch), generateContext), context.signal);
      if (!(generated instanceof Map)) {
        throw new AnswerFlowError('FLOW_INVALID_DEFINITION', 'generate must resolve to a Map of item id → value');
      }
      const checked = checkBatch(definition, batch, generated, round, context);
      await observe(definition, context, `generate:${round}`, batch);
      await observe(definition, context, `check:${round}`, batch);
      await reviewBatch(definition, checked, round, context);
    }
  }

  const unresolved = states.filter((state) => state.status !== 'passed');
  for (const state of unresolved) {
    throwIfAborted(context.signal);
    recover(definition, state, lastRound, context);
  }
  await observe(definition, context, 'fallback', unresolved);
  return states.map(toResult);
}

/** First round: the items. Repair rounds: also the issues and the rejected values of failed items. */
function generateInput<Data, Value>(batch: readonly ItemState<Data, Value>[]): GenerateInput<Data, Value> {
  const items = batch.map((state) => state.item);
  const failed = batch.filter((state) => state.status === 'failed');
  if (failed.length === 0) return { items };
  const repairs = new Map(failed.map((state) => [state.item.id, state.issues]));
  const previous = new Map(
    failed.filter((state) => state.hasValue).map((state) => [state.item.id, state.value as Value]),
  );
  return { items, repairs, previous };
}

function askCanInvoke<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  context: OperationContext<App>,
): boolean {
  const allowed: unknown = definition.canInvoke(context);
  if (typeof allowed !== 'boolean') {
    throw new AnswerFlowError(
      'FLOW_CAN_INVOKE_NOT_BOOLEAN',
      `canInvoke must return a boolean synchronously, got ${isThenable(allowed) ? 'a promise' : typeof allowed}`,
    );
  }
  return allowed;
}

function markNotRun<Data, Value>(state: ItemState<Data, Value>, round: number): void {
  const issue: AnswerIssue = { code: 'not-run', message: 'canInvoke stopped further generate calls' };
  state.checks.push({ stage: 'generate', round, status: 'not-run', issues: [issue] });
  if (state.status === 'pending') {
    state.status = 'not-run';
    state.issues = [issue];
  }
}

function checkBatch<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  batch: readonly ItemState<Data, Value>[],
  generated: ReadonlyMap<string, Value>,
  round: number,
  context: OperationContext<App>,
): ItemState<Data, Value>[] {
  const passed: ItemState<Data, Value>[] = [];
  for (const state of batch) {
    if (!generated.has(state.item.id)) {
      fail(state, 'generate', round, [{ code: 'missing-value', message: 'generate returned no value for this item' }]);
      continue;
    }
    state.value = generated.get(state.item.id) as Value;
    state.hasValue = true;
    state.checks.push({ stage: 'generate', round, status: 'passed', issues: [] });
    const check = runCheck(definition, state, context);
    if (check.value !== undefined) state.value = check.value;
    if (check.status === 'passed') {
      pass(state, 'check', round);
      passed.push(state);
    } else {
      const issues: readonly AnswerIssue[] =
        check.issues.length > 0 ? check.issues : [{ code: `check-${check.status}`, message: 'check did not pass' }];
      fail(state, 'check', round, issues, check.status);
    }
  }
  return passed;
}

/** `check` is synchronous and answers `{ status, issues }`; anything else is a definition error. */
function runCheck<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  state: ItemState<Data, Value>,
  context: OperationContext<App>,
): AnswerCheck<Value> {
  const check: unknown = definition.check({ item: state.item, value: state.value as Value }, context);
  if (isThenable(check))
    throw new AnswerFlowError('FLOW_CHECK_NOT_SYNC', 'check must be synchronous; it returned a promise');
  const { status, issues } = (check ?? {}) as Partial<AnswerCheck<Value>>;
  if (typeof status !== 'string' || !CHECK_STATUSES.includes(status) || !Array.isArray(issues)) {
    throw new AnswerFlowError(
      'FLOW_INVALID_DEFINITION',
      `check must return { status: ${CHECK_STATUSES.join(' | ')}, issues: [] }, got ${JSON.stringify(check)}`,
    );
  }
  return check as AnswerCheck<Value>;
}

/** `fallback` for an item that did not pass: a handled result recovers it. */
function recover<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  state: ItemState<Data, Value>,
  round: number,
  context: OperationContext<App>,
): void {
  const answer: unknown = definition.fallback({ item: state.item, issues: state.issues }, context);
  if (isThenable(answer) || typeof answer !== 'object' || answer === null || !('handled' in answer)) {
    throw new AnswerFlowError('FLOW_INVALID_DEFINITION', 'fallback must return { handled } synchronously');
  }
  const recovery = answer as { handled: boolean; value?: Value };
  if (recovery.handled === true) {
    state.value = recovery.value;
    state.hasValue = true;
    state.recovered = true;
    state.checks.push({ stage: 'fallback', round, status: 'passed', issues: [], value: recovery.value });
  } else state.checks.push({ stage: 'fallback', round, status: 'failed', issues: state.issues });
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

function isThenable(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}
