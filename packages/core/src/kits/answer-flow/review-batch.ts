import { AbortError } from '../../errors/errors';
import { abortable } from './abortable';
import { AnswerFlowError } from './answer-flow-error';
import type { AnswerFlowDefinition, AnswerFlowRunOptions, FlowContext, FlowIssue } from './answer-flow-types';
import { fail, type ItemState } from './item-state';
import { observe, results } from './observe-stage';

/**
 * Reviews the items that passed `check` as one batch. An unavailable review (it threw) or an
 * `unresolved` verdict passes under `optional` and fails under `required`; a review that leaves
 * out an item is a definition error.
 */
export async function reviewBatch<Data, Value, App>(
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
      // An unresolved verdict keeps the reviewer's own issues when it gives any.
      const issues: readonly FlowIssue[] = verdict
        ? verdict.issues?.length
          ? verdict.issues
          : [{ code: 'review-unresolved', message: 'the review could not decide' }]
        : [{ code: 'review-unavailable', message: 'the review was unavailable' }];
      if (policy === 'required') fail(state, 'review', context.round, issues, 'unavailable');
      else state.checks.push({ stage: 'review', round: context.round, status: 'unavailable', issues });
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
