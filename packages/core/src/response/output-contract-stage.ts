/**
 * What a response with a `responseFormat` loads on demand (decision 0013): planning the output
 * contract against the provider's capabilities, and checking each final text against the plan.
 * A response without one never loads it, nor the JSON instructions the plan may add to the prompt.
 */
import { OutputContractError } from '../errors/rejection-errors';
import type { ProviderCapabilities } from '../providers/capabilities';
import { type OutputContractPlan, planOutputContract } from '../providers/output-contract/plan-output-contract';
import type { ResponseFormatRequest } from '../providers/output-contract/response-format';
import { jsonObjectInstruction } from '../providers/output-contract/synthetic-instruction';
import type { ResponsePlan } from './response-prompt';

export { validateOutputContract } from '../providers/output-contract/validate-output-contract';

/** A model whose capabilities are not given is planned for as one that has none. */
const NO_CAPABILITIES: ProviderCapabilities = {
  jsonObject: false,
  jsonSchema: false,
  strictJsonSchema: false,
  reasoning: false,
};

/**
 * The response's plan and the `[OUTPUT REQUIREMENT]` it imposes: a degraded contract's synthetic
 * instruction (it carries the schema), or, for a JSON contract without a schema, an instruction
 * that still says JSON (providers' JSON modes require the word); else the format's own.
 */
export function planResponse(
  capabilities: ProviderCapabilities | undefined,
  responseFormat: ResponseFormatRequest,
  hasOutput: boolean,
): ResponsePlan {
  const plan = planOutputContract(capabilities ?? NO_CAPABILITIES, { responseFormat });
  let outputRequirement = plan.syntheticInstruction;
  if (outputRequirement === undefined && !hasOutput) {
    if (plan.requiresValidJson || plan.providerResponseFormat?.type === 'json_object')
      outputRequirement = jsonObjectInstruction();
  }
  return { ...plan, outputRequirement };
}

/** Why a response whose plan was rejected fails before its first request. */
export function rejectedPlanError(plan: OutputContractPlan): OutputContractError {
  return new OutputContractError('OUTPUT_CONTRACT_REJECTED', `Output contract rejected: ${plan.reason}`, undefined);
}
