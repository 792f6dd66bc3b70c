// The kit pages: output contracts (`#/contract`) and the batch answer flow (`#/answer-flow`).
export { AnswerFlowPage } from './answer-flow/answer-flow-page';
export { ContractPage } from './contract/contract-page';
