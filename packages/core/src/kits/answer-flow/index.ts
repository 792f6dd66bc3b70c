export { AnswerFlowError } from './answer-flow-error';
export type * from './answer-flow-types';
export * as Answering from './answering';
export { defineAnswerFlow } from './define-answer-flow';
