import { AnswerFlowError } from './answer-flow-error';
import type { AnswerFlowInput } from './answer-flow-types';

const SOURCE_STATUSES = ['ready', 'partial', 'unavailable'];

/**
 * A run's input keeps its coverage: item ids are unique, every item answers only input ids of the
 * run, and every input id is answered by at least one item.
 */
export function checkInput<Data>(input: AnswerFlowInput<Data>): void {
  const invalid = (message: string): never => {
    throw new AnswerFlowError('FLOW_INVALID_INPUT', message);
  };
  if (!Array.isArray(input?.inputIds) || !Array.isArray(input.items)) {
    invalid('run needs { inputIds: string[], items: AnswerItem[] }');
  }
  const inputIds = new Set<string>();
  for (const id of input.inputIds) {
    if (typeof id !== 'string') invalid(`input ids must be strings, got ${typeof id}`);
    if (inputIds.has(id)) invalid(`input id ${JSON.stringify(id)} appears twice`);
    inputIds.add(id);
  }
  const itemIds = new Set<string>();
  const covered = new Set<string>();
  for (const item of input.items) {
    if (typeof item?.id !== 'string') invalid('every item needs a string id');
    if (itemIds.has(item.id)) invalid(`item id ${JSON.stringify(item.id)} appears twice`);
    itemIds.add(item.id);
    if (!SOURCE_STATUSES.includes(item.sourceStatus)) {
      invalid(`item ${JSON.stringify(item.id)}: sourceStatus must be one of ${SOURCE_STATUSES.join(', ')}`);
    }
    if (!Array.isArray(item.inputIds)) invalid(`item ${JSON.stringify(item.id)} needs inputIds`);
    for (const inputId of item.inputIds) {
      if (!inputIds.has(inputId)) {
        invalid(`item ${JSON.stringify(item.id)} answers ${JSON.stringify(inputId)}, which is not an input id`);
      }
      covered.add(inputId);
    }
  }
  const uncovered = [...inputIds].filter((id) => !covered.has(id));
  if (uncovered.length > 0) invalid(`no item answers input id ${uncovered.map((id) => JSON.stringify(id)).join(', ')}`);
}
