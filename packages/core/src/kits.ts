// The public API of @fieldstream/core/kits: output contracts with status semantics, the batch answer
// flow, and output-contract planning against a provider's native structured output.

// Answer flow: generate, check, review and fall back over a batch of items.
export * from './kits/answer-flow/index';
// Contracts: a versioned output with statuses, rules, consumers, samples and a compatibility check.
export type { ChangeLevel, CompatibilityReport, ContractChange } from './kits/contract/check-contract-compatibility';
export { checkContractCompatibility } from './kits/contract/check-contract-compatibility';
export { ContractError } from './kits/contract/contract-error';
export type * from './kits/contract/contract-types';
export { type Contract, defineContract, type InferContractData } from './kits/contract/define-contract';
export type { ContractSample, SampleOutcome, SampleReport } from './kits/contract/run-contract-samples';

// Output contracts: what a provider can enforce natively, and checking a final text against the plan.
// Their option types (`ProviderCapabilities`, `ProviderName`, `ResponseFormatRequest`,
// `OutputContractRequest`) are `createResponse` options: they live in the main entry only.
export { providerCapabilities } from './kits/provider-capabilities';
export { OutputContractSlot } from './providers/output-contract/output-contract-slot';
export type {
  OutputContractAction,
  OutputContractPlan,
  PlanOutputContractOptions,
  ProviderResponseFormat,
} from './providers/output-contract/plan-output-contract';
export { planOutputContract } from './providers/output-contract/plan-output-contract';
export type {
  ContractTerminalStatus,
  OutputContractCheck,
  OutputContractDiagnostic,
} from './providers/output-contract/validate-output-contract';
export { finalizeContractStream, validateOutputContract } from './providers/output-contract/validate-output-contract';
export type {
  OutputContractDiagnostics,
  ResponseObjectLike,
} from './providers/output-contract/validate-response-output-contract';
export {
  extractResponseOutputText,
  validateResponseOutputContract,
} from './providers/output-contract/validate-response-output-contract';
