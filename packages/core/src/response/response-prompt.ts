import { FieldstreamError } from '../errors/errors';
import type { FormatDefinition } from '../formats/format-parser';
import { formatDefinition } from '../formats/format-registry';
import { jsonInstructions } from '../formats/json/json-instructions';
import { renderFieldRequirements } from '../prompt/field-requirements';
import { type PromptParts, renderPromptValue } from '../prompt/prompt-parts';
import type { OutputContractPlan } from '../providers/output-contract/plan-output-contract';
import type { ResponseFormatRequest } from '../providers/output-contract/response-format';
import type { OutputDefinition } from '../schema/define-output';
import { type FormatName, type FormatOption, selectFormat } from '../schema/select-format';

/**
 * The format a response asks for: `auto` with a schema, `text` without one; a JSON response
 * format forces `json` (an explicit other format is a contradiction and throws), and `text` with a
 * schema throws too.
 */
export function resolveRequestedFormat(
  format: FormatOption | undefined,
  output: OutputDefinition | undefined,
  responseFormat: ResponseFormatRequest | undefined,
): FormatOption {
  const wantsJson = responseFormat !== undefined && responseFormat.type !== 'text';
  if (format === 'text' && output !== undefined) {
    // The text format has no fields: its data is the text, so a schema's ensure rules could never hold.
    throw new FieldstreamError(
      'RESPONSE_OPTIONS_INVALID',
      'format text returns plain text and cannot carry an output schema; drop `output` or pick a structured format',
    );
  }
  if (!wantsJson) return format ?? (output === undefined ? 'text' : 'auto');
  if (format === undefined || format === 'auto' || format === 'json') return 'json';
  throw new FieldstreamError(
    'RESPONSE_OPTIONS_INVALID',
    `responseFormat ${responseFormat.type} needs the json format, but format is ${format}`,
  );
}

/** The first attempt's format: `auto` resolved from the schema's shape (`json` without one). */
export function startFormat(requested: FormatOption, output: OutputDefinition | undefined): FormatName {
  if (requested !== 'auto') return requested;
  return output === undefined ? 'json' : selectFormat(output);
}

/**
 * A response's output-contract plan (output-contract-stage: a response without a `responseFormat`
 * never loads it), with the `[OUTPUT REQUIREMENT]` it puts in place of the format's instructions.
 */
export type ResponsePlan = OutputContractPlan & { outputRequirement: string | undefined };

/**
 * `[OUTPUT REQUIREMENT]` and `[FIELD REQUIREMENTS]` for a format; a plan's own requirement replaces
 * the format's instructions (output-contract-stage's `planResponse` says when).
 */
export function requirementsFor(
  format: FormatName,
  output: OutputDefinition | undefined,
  plan: ResponsePlan | undefined,
  formats: readonly FormatDefinition[] | undefined,
): Pick<PromptParts, 'outputRequirement' | 'fieldRequirements'> {
  if (format === 'text') return { outputRequirement: '', fieldRequirements: '' };
  let outputRequirement: string;
  if (plan?.outputRequirement !== undefined) outputRequirement = plan.outputRequirement;
  else {
    // The built-in json entry leaves its instructions to the response (kept out of parser bundles).
    const definition = formatDefinition(format, formats, 'createResponse options.format');
    outputRequirement = definition.instructions ? definition.instructions(output) : jsonInstructions(output);
  }
  return { outputRequirement, fieldRequirements: renderFieldRequirements(output) };
}

/** The parts of the first attempt's prompt. */
export function initialParts(
  input: unknown,
  instruct: unknown,
  requirements: Pick<PromptParts, 'outputRequirement' | 'fieldRequirements'>,
): PromptParts {
  return { input: renderPromptValue(input), instruct: renderPromptValue(instruct), ...requirements, correction: '' };
}
