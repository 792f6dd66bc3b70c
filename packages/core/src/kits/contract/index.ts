export {
  type ChangeLevel,
  type CompatibilityReport,
  type ContractChange,
  checkContractCompatibility,
} from './check-contract-compatibility';
export { ContractError } from './contract-error';
export type * from './contract-types';
export { type Contract, defineContract } from './define-contract';
export { type CustomerRefund, customerRefundContract, customerRefundSamples } from './examples/customer-refund';
export type { ContractSample, SampleOutcome, SampleReport } from './run-contract-samples';
