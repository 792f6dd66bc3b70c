import type { AnswerFlowDefinition, AnswerFlowRunOptions, FlowObservation, FlowStage } from './answer-flow-types';
import type { ItemState } from './item-state';

/** The latest check of each item at `stage` in `round`, as observers see it. */
export function results<Data, Value>(
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

/** Calls `observe`; its failures become diagnostics and never change the result. */
export async function observe<Data, Value, App>(
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
