// The `Answering` namespace, as `@jangts/agent-core/kits/answering` exports it.
export { AnswerFlowError } from './answer-flow-error';
export type * from './answer-flow-types';
export { defineAnswerFlow } from './define-answer-flow';
