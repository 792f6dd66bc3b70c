import { errorMessage } from '../../errors/error-message';
import { AbortError } from '../../errors/errors';
import { abortable } from './abortable';
import { AnswerFlowError } from './answer-flow-error';
import type { AnswerCheck, AnswerFlowDefinition, AnswerIssue, OperationContext } from './answer-flow-types';
import { fail, type ItemState } from './item-state';
import { observe } from './observe-stage';

const CHECK_STATUSES = ['passed', 'failed', 'unavailable', 'not-run'];

/**
 * Reviews the items that passed `check` as one batch. A review that throws counts as
 * `unavailable` for every item. An `unavailable` or `not-run` check passes under `optional` and
 * blocks (fails the item) under `required`. A review that leaves out a submitted item is a
 * definition error.
 */
export async function reviewBatch<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  checked: readonly ItemState<Data, Value>[],
  round: number,
  context: OperationContext<App>,
): Promise<void> {
  const policy = definition.reviewPolicy ?? 'optional';
  if (policy === 'off' || !definition.review || checked.length === 0) return;
  const stageId = `review:${round}`;
  let checks: ReadonlyMap<string, AnswerCheck<Value>> | undefined;
  try {
    const items = checked.map((state) => ({ item: state.item, value: state.value as Value }));
    checks = await abortable(definition.review({ items }, context), context.signal);
  } catch (error) {
    if (error instanceof AbortError) throw error;
    const message = `review unavailable: ${errorMessage(error)}`;
    context.diagnostics?.record({ code: 'review_unavailable', stageId, message });
    context.logger?.warn(message, error);
  }
  if (checks !== undefined) assertCoversEveryItem(checks, checked);
  for (const state of checked) {
    const check = checks?.get(state.item.id) ?? unavailable<Value>();
    if (check.value !== undefined) state.value = check.value;
    if (check.status === 'passed') {
      state.checks.push({ stage: 'review', round, status: 'passed', issues: check.issues });
    } else if (check.status === 'failed') {
      const issues: readonly AnswerIssue[] =
        check.issues.length > 0 ? check.issues : [{ code: 'review-failed', message: 'the review rejected this value' }];
      fail(state, 'review', round, issues);
    } else if (policy === 'required') {
      const issues: readonly AnswerIssue[] =
        check.issues.length > 0
          ? check.issues
          : [{ code: `review-${check.status}`, message: 'the required review did not resolve this value' }];
      fail(state, 'review', round, issues, check.status);
    } else {
      state.checks.push({ stage: 'review', round, status: check.status, issues: check.issues });
    }
  }
  await observe(definition, context, stageId, checked);
}

function unavailable<Value>(): AnswerCheck<Value> {
  return { status: 'unavailable', issues: [{ code: 'review-unavailable', message: 'the review was unavailable' }] };
}

function assertCoversEveryItem<Value>(
  checks: ReadonlyMap<string, AnswerCheck<Value>>,
  submitted: readonly { item: { id: string } }[],
): void {
  if (!(checks instanceof Map)) throw new AnswerFlowError('FLOW_REVIEW_INCOMPLETE', 'review must return a Map');
  const missing = submitted.filter((state) => !checks.has(state.item.id)).map((state) => JSON.stringify(state.item.id));
  if (missing.length > 0) {
    throw new AnswerFlowError('FLOW_REVIEW_INCOMPLETE', `review returned no check for ${missing.join(', ')}`);
  }
  for (const [id, check] of checks) {
    if (!CHECK_STATUSES.includes(check?.status) || !Array.isArray(check.issues)) {
      throw new AnswerFlowError(
        'FLOW_REVIEW_INCOMPLETE',
        `review check for ${JSON.stringify(id)} must be { status: ${CHECK_STATUSES.join(' | ')}, issues: [] }`,
      );
    }
  }
}
