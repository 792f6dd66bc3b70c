// Barrel for output-contract planning (providers/output-contract/).

export type { SchemaViolation } from './check-json-schema';
export { checkJsonSchema } from './check-json-schema';
export type { OutputContractAction, OutputContractPlan } from './plan-output-contract';
export { planOutputContract } from './plan-output-contract';
export type { OutputContractRequest, ResponseFormatRequest } from './response-format';
export { JSON_RULES, jsonObjectInstruction, jsonSchemaInstruction } from './synthetic-instruction';
export type {
  ContractTerminalStatus,
  OutputContractCheck,
  OutputContractDiagnostic,
} from './validate-output-contract';
export {
  finalizeContractStream,
  INVALID_OUTPUT_FORMAT,
  validateOutputContract,
} from './validate-output-contract';
