import { errorMessage } from '../../errors/error-message';
import type { AnswerFlowDefinition, OperationContext } from './answer-flow-types';
import { type ItemState, toResult } from './item-state';

/** Calls `observe` with the stage's results; its failures become diagnostics and never change the result. */
export async function observe<Data, Value, App>(
  definition: AnswerFlowDefinition<Data, Value, App>,
  context: OperationContext<App>,
  stageId: string,
  states: readonly ItemState<Data, Value>[],
): Promise<void> {
  if (!definition.observe || states.length === 0) return;
  try {
    await definition.observe({ stageId, results: states.map(toResult) }, context);
  } catch (error) {
    const message = `observe failed at ${stageId}: ${errorMessage(error)}`;
    context.diagnostics?.record({ code: 'observer_failed', stageId, message });
    context.logger?.warn(message, error);
  }
}
