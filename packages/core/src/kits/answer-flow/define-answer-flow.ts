import { checkObject } from '../../errors/check-argument';
import { AbortError } from '../../errors/errors';
import { AnswerFlowError } from './answer-flow-error';
import type {
  AnswerFlow,
  AnswerFlowDefinition,
  AnswerItem,
  AnswerResults,
  AnswerRunContext,
} from './answer-flow-types';
import { runAnswerFlow } from './run-answer-flow';

/**
 * Defines a batch answer flow: items are generated in batches of `maxItems`, checked one by one,
 * optionally reviewed as a batch, repaired for at most `maxRepairs` more rounds, and handed to
 * `fallback` when still failing. The definition is checked now; a bad one throws `AnswerFlowError`.
 */
export function defineAnswerFlow<Data, Value, App = undefined>(
  definition: AnswerFlowDefinition<Data, Value, App>,
): AnswerFlow<Data, Value, App> {
  checkObject('defineAnswerFlow definition', definition);
  validateDefinition(definition);
  return {
    definition,
    run: <const Items extends readonly AnswerItem<Data>[]>(
      input: { readonly inputIds: readonly string[]; readonly items: Items },
      context: AnswerRunContext<App>,
    ): Promise<AnswerResults<Data, Value, Items>> => {
      if (!(context?.signal instanceof AbortSignal)) {
        return Promise.reject(new AnswerFlowError('FLOW_INVALID_INPUT', 'run needs a context with an AbortSignal'));
      }
      if (context.signal.aborted)
        return Promise.reject(new AbortError('The answer flow was aborted before it started'));
      // One result per item, in item order: the mapped tuple type says the same of the array.
      return runAnswerFlow(definition, input, context) as Promise<AnswerResults<Data, Value, Items>>;
    },
  };
}

function validateDefinition<Data, Value, App>(definition: AnswerFlowDefinition<Data, Value, App>): void {
  const fail = (message: string): never => {
    throw new AnswerFlowError('FLOW_INVALID_DEFINITION', message);
  };
  if (!Number.isInteger(definition.maxItems) || definition.maxItems < 1) {
    fail(`maxItems must be a positive integer, got ${String(definition.maxItems)}`);
  }
  if (!Number.isInteger(definition.maxRepairs) || definition.maxRepairs < 0) {
    fail(`maxRepairs must be a non-negative integer, got ${String(definition.maxRepairs)}`);
  }
  const policy = definition.reviewPolicy ?? 'optional';
  if (!['off', 'optional', 'required'].includes(policy)) {
    fail(`reviewPolicy must be 'off', 'optional' or 'required', got ${JSON.stringify(policy)}`);
  }
  for (const name of ['canInvoke', 'generate', 'check', 'fallback'] as const) {
    if (typeof definition[name] !== 'function') fail(`${name} must be a function`);
  }
  if (policy === 'required' && typeof definition.review !== 'function') {
    fail(`reviewPolicy 'required' needs a review function`);
  }
}
