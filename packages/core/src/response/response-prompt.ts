import { FieldstreamError } from '../errors/errors';
import { jsonInstructions } from '../formats/json/json-instructions';
import { type ResolvedFormat, resolveFormat } from '../formats/resolve-format';
import { type PromptParts, renderPromptValue } from '../prompt/prompt-parts';
import { renderEnsuredRequirements } from '../prompt/requirement-lines';
import type { OutputContractPlan } from '../providers/output-contract/plan-output-contract';
import type { OutputDefinition } from '../schema/define-output';
import type { FormatOption } from '../schema/select-format';
import type { CreateResponseOptions } from './response-options';

/** A response's format: what the caller asked for, and the first attempt's format, resolved once. */
export type ResponseFormat = { requested: FormatOption; first: ResolvedFormat };

/**
 * The format a response asks for (`resolveFormat`'s rule: `auto` with a schema, `text` without
 * one); a JSON response format forces `json` (an explicit other format is a contradiction and
 * throws), and `text` with a schema throws too.
 */
export function resolveResponseFormat(
  options: Pick<CreateResponseOptions<unknown>, 'format' | 'responseFormat' | 'formats'>,
  output: OutputDefinition | undefined,
): ResponseFormat {
  const { format, responseFormat } = options;
  const wantsJson = responseFormat !== undefined && responseFormat.type !== 'text';
  if (format === 'text' && output !== undefined) {
    // The text format has no fields: its data is the text, so a schema's ensure rules could never hold.
    throw new FieldstreamError(
      'RESPONSE_OPTIONS_INVALID',
      'format text returns plain text and cannot carry an output schema; drop `output` or pick a structured format',
    );
  }
  if (wantsJson && format !== undefined && format !== 'auto' && format !== 'json') {
    throw new FieldstreamError(
      'RESPONSE_OPTIONS_INVALID',
      `responseFormat ${responseFormat.type} needs the json format, but format is ${format}`,
    );
  }
  const requested: FormatOption = wantsJson ? 'json' : (format ?? (output === undefined ? 'text' : 'auto'));
  return {
    requested,
    first: resolveFormat(requested, requested, output, options.formats, 'createResponse options.format'),
  };
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
export async function requirementsFor(
  format: ResolvedFormat,
  output: OutputDefinition | undefined,
  plan: ResponsePlan | undefined,
): Promise<Pick<PromptParts, 'outputRequirement' | 'fieldRequirements'>> {
  if (format.name === 'text') return { outputRequirement: '', fieldRequirements: '' };
  let outputRequirement: string;
  if (plan?.outputRequirement !== undefined) outputRequirement = plan.outputRequirement;
  else {
    // The built-in json entry leaves its instructions to the response (kept out of parser bundles).
    const { instructions } = format.definition;
    outputRequirement = instructions ? instructions(output) : jsonInstructions(output);
  }
  // A JSON Schema output's rules load on demand (decision 0013): a tuple-DSL response never bundles them.
  const fieldRequirements =
    output?.root.constraints === undefined
      ? renderEnsuredRequirements(output)
      : (await import('../prompt/schema-requirements')).renderSchemaRequirements(output);
  return { outputRequirement, fieldRequirements };
}

/** The parts of the first attempt's prompt. */
export function initialParts(
  input: unknown,
  instruct: unknown,
  requirements: Pick<PromptParts, 'outputRequirement' | 'fieldRequirements'>,
): PromptParts {
  return { input: renderPromptValue(input), instruct: renderPromptValue(instruct), ...requirements, correction: '' };
}
