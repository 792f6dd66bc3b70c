/**
 * What a response with a `responseFormat` loads on demand (decision 0013): planning the output
 * contract against the provider's capabilities, and checking each final text against the plan.
 * A response without one never loads it, nor the JSON instructions the plan may add to the prompt.
 */
export { planOutputContract } from '../providers/output-contract/plan-output-contract';
export { jsonObjectInstruction } from '../providers/output-contract/synthetic-instruction';
export { validateOutputContract } from '../providers/output-contract/validate-output-contract';
