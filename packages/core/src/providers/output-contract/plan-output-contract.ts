import { checkObject } from '../../errors/check-argument';
import type { JsonSchema } from '../../schema/json-schema';
import type { ProviderCapabilities } from '../capabilities';
import type { OutputContractRequest, ResponseFormatRequest } from './response-format';
import { jsonObjectInstruction, jsonSchemaInstruction } from './synthetic-instruction';

/**
 * The four outcomes of GodeX's planning (seed `godex-output-contract.txt`):
 * - `rejected`: the provider refuses the format; nothing is sent, nothing is required.
 * - `passthrough`: no `json_schema` was asked for; the original format goes as it is.
 * - `supported`: the provider takes `json_schema` natively; the original format goes as it is.
 * - `degraded`: `json_schema` becomes `{ type: 'json_object' }` plus a synthetic instruction.
 */
export type OutputContractAction = 'rejected' | 'passthrough' | 'supported' | 'degraded';

/** How a response's structured-output request maps onto one provider. Plain data. */
export type OutputContractPlan = {
  action: OutputContractAction;
  /** The response format to put on the provider request, if any. */
  providerResponseFormat: ProviderResponseFormat | undefined;
  /** Text to add to the prompt where the provider falls short (degraded plans only). */
  syntheticInstruction: string | undefined;
  /** The final text must be one valid JSON object: degraded plans of a strict `json_schema`. */
  requiresValidJson: boolean;
  /** The schema the final JSON must match (`json_schema` requests). */
  schema: JsonSchema | undefined;
  /** The schema's name (`json_schema` requests). */
  schemaName: string | undefined;
  /** Why the plan degraded or rejected, for logs and UIs. */
  reason: string | undefined;
};

/** A response format as the provider request carries it (`strict` made explicit). */
export type ProviderResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; schema: JsonSchema; strict: boolean };

/** Options beyond the seed's planning. */
export type PlanOutputContractOptions = {
  /**
   * Extension: where the seed rejects (no JSON mode for `json_object`, neither `json_schema` nor
   * `json_object` for a schema), degrade to the synthetic instruction alone, with no native
   * format. Nothing then guarantees JSON, so such plans always require valid JSON. Default false.
   */
  promptOnly?: boolean;
};

/**
 * Decides how to get the caller's response format from a provider with `capabilities`, as the
 * seed's table says: a request without `json_schema` passes through; `json_schema` is
 * `supported` where the provider takes it (and enforces it, when `strict`), else `degraded` to
 * `json_object` with the instruction (valid JSON required only when `strict`), else `rejected`.
 */
export function planOutputContract(
  capabilities: ProviderCapabilities,
  request: OutputContractRequest,
  options: PlanOutputContractOptions = {},
): OutputContractPlan {
  checkObject('planOutputContract capabilities', capabilities);
  checkObject('planOutputContract request', request);
  const format = request.responseFormat;
  if (format === undefined) return plan('passthrough', false);
  if (format.type !== 'json_schema') {
    if (format.type === 'text' || capabilities.jsonObject) {
      return plan('passthrough', false, { providerResponseFormat: { type: format.type } });
    }
    if (options.promptOnly) {
      return plan('degraded', true, {
        syntheticInstruction: jsonObjectInstruction(),
        reason: 'the provider has no JSON mode: JSON is asked for in the prompt only',
      });
    }
    return plan('rejected', false, { reason: 'the provider has no JSON mode (json_object)' });
  }
  const strict = format.strict === true;
  const contract = { schema: format.schema, schemaName: format.name };
  if (capabilities.jsonSchema && (!strict || capabilities.strictJsonSchema)) {
    return plan('supported', false, { ...contract, providerResponseFormat: nativeSchema(format, strict) });
  }
  const instruction = jsonSchemaInstruction(format.name, format.description, format.schema);
  if (capabilities.jsonObject) {
    return plan('degraded', strict, {
      ...contract,
      providerResponseFormat: { type: 'json_object' },
      syntheticInstruction: instruction,
      reason: capabilities.jsonSchema
        ? 'the provider does not enforce schemas strictly: json_schema degraded to json_object'
        : 'the provider has a JSON mode but no schemas: json_schema degraded to json_object',
    });
  }
  if (options.promptOnly) {
    return plan('degraded', true, {
      ...contract,
      syntheticInstruction: instruction,
      reason: 'the provider has no structured output: the schema is asked for in the prompt only',
    });
  }
  return plan('rejected', false, {
    ...contract,
    reason: 'the provider supports neither json_schema nor json_object',
  });
}

function nativeSchema(format: Extract<ResponseFormatRequest, { type: 'json_schema' }>, strict: boolean) {
  return { type: 'json_schema' as const, name: format.name, schema: format.schema, strict };
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
