import type { JsonSchema } from '../../schema/json-schema';
import type { ProviderCapabilities } from '../capabilities';
import type { ModelRequest } from '../model';
import type { OutputContractRequest } from './response-format';
import { jsonObjectInstruction, jsonSchemaInstruction } from './synthetic-instruction';

/**
 * - `passthrough`: no structured output asked for; nothing to send, nothing to check.
 * - `supported`: the provider does it natively; send `providerResponseFormat` as is.
 * - `degraded`: the provider cannot do what was asked; send a weaker native format (or none) and
 *   put `syntheticInstruction` into the prompt. The final text is checked either way.
 * - `rejected`: strictness was demanded and the provider can neither enforce the schema nor
 *   return a JSON object; do not send the request.
 */
export type OutputContractAction = 'rejected' | 'passthrough' | 'supported' | 'degraded';

/** How a response's structured-output request maps onto one provider. Plain data. */
export type OutputContractPlan = {
  action: OutputContractAction;
  /** The native response format to put on the request, if any. */
  providerResponseFormat: ModelRequest['responseFormat'] | undefined;
  /** Text to add to the prompt where the provider falls short (degraded plans only). */
  syntheticInstruction: string | undefined;
  /** The final text must be one valid JSON object. */
  requiresValidJson: boolean;
  /** The schema the final JSON must match (`json_schema` requests). */
  schema: JsonSchema | undefined;
  /** The schema's name (`json_schema` requests). */
  schemaName: string | undefined;
  /** Why the plan degraded or rejected, for logs and UIs. */
  reason: string | undefined;
};

/**
 * Decides how to get the caller's response format from a provider with `capabilities`.
 *
 * `json_schema`: native when the provider takes a schema (and enforces it, if `strict`); a
 * provider that takes schemas only as hints gets `strict: false` plus the synthetic instruction;
 * a provider with only a JSON mode gets `json_object` plus the instruction; a provider with
 * neither gets the instruction alone — or, when `strict` was demanded, the plan is rejected.
 * `json_object`: native, or the instruction alone (never rejected: it has no strict flag).
 */
export function planOutputContract(
  capabilities: ProviderCapabilities,
  request: OutputContractRequest,
): OutputContractPlan {
  const format = request.responseFormat;
  if (format === undefined || format.type === 'text') return plan('passthrough', false);
  if (format.type === 'json_object') {
    if (capabilities.jsonObject) return plan('supported', true, { providerResponseFormat: { type: 'json_object' } });
    return plan('degraded', true, {
      syntheticInstruction: jsonObjectInstruction(),
      reason: 'the provider has no JSON mode: JSON is asked for in the prompt',
    });
  }
  const strict = format.strict === true;
  const contract = { schema: format.schema, schemaName: format.name };
  const instruction = jsonSchemaInstruction(format.name, format.description, format.schema);
  if (capabilities.jsonSchema && (!strict || capabilities.strictJsonSchema)) {
    return plan('supported', true, {
      ...contract,
      providerResponseFormat: { type: 'json_schema', name: format.name, schema: format.schema, strict },
    });
  }
  if (capabilities.jsonSchema) {
    return plan('degraded', true, {
      ...contract,
      providerResponseFormat: { type: 'json_schema', name: format.name, schema: format.schema, strict: false },
      syntheticInstruction: instruction,
      reason: 'the provider does not enforce schemas strictly: the schema is sent as a hint and checked afterwards',
    });
  }
  if (capabilities.jsonObject) {
    return plan('degraded', true, {
      ...contract,
      providerResponseFormat: { type: 'json_object' },
      syntheticInstruction: instruction,
      reason: 'the provider has a JSON mode but no schemas: json_schema degraded to json_object',
    });
  }
  if (strict) {
    return plan('rejected', true, {
      ...contract,
      reason: 'strict json_schema demanded, but the provider supports neither json_schema nor json_object',
    });
  }
  return plan('degraded', true, {
    ...contract,
    syntheticInstruction: instruction,
    reason: 'the provider has no structured output: the schema is asked for in the prompt',
  });
}

function plan(
  action: OutputContractAction,
  requiresValidJson: boolean,
  fields: Partial<Omit<OutputContractPlan, 'action' | 'requiresValidJson'>> = {},
): OutputContractPlan {
  return {
    action,
    providerResponseFormat: fields.providerResponseFormat,
    syntheticInstruction: fields.syntheticInstruction,
    requiresValidJson,
    schema: fields.schema,
    schemaName: fields.schemaName,
    reason: fields.reason,
  };
}
