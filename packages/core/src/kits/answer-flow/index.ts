export { AnswerFlowError } from './answer-flow-error';
export type * from './answer-flow-types';
export { defineAnswerFlow } from './define-answer-flow';
export { prefixItemEvents } from './prefix-item-events';
