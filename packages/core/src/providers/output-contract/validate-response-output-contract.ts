import { OutputContractError } from '../../errors/rejection-errors';
import type { OutputContractPlan } from './plan-output-contract';
import { type OutputContractDiagnostic, validateOutputContract } from './validate-output-contract';

/** The part of an OpenAI Responses-style response object the check reads. */
export type ResponseObjectLike = {
  output_text?: unknown;
  output?: readonly unknown[] | unknown;
};

/** Where a failed check's diagnostic is recorded before the error reaches the caller. */
export type OutputContractDiagnostics = { record(diagnostic: OutputContractDiagnostic): void };

/**
 * The text a response-level check validates: `response.output_text` when it is a string,
 * otherwise the `output_text` content parts of every `message` output item, joined in order.
 */
export function extractResponseOutputText(response: ResponseObjectLike): string {
  if (typeof response.output_text === 'string') return response.output_text;
  const items = Array.isArray(response.output) ? response.output : [];
  let text = '';
  for (const item of items) {
    if (!isRecord(item) || item.type !== 'message' || !Array.isArray(item.content)) continue;
    for (const part of item.content) {
      if (isRecord(part) && part.type === 'output_text' && typeof part.text === 'string') text += part.text;
    }
  }
  return text;
}

/**
 * Validates a whole response object against a plan (GodeX's `validateResponseOutputContract`):
 * the extracted output text goes through `validateOutputContract`. On failure the diagnostic
 * (`BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT`, severity `error`, path `response.output_text`) is
 * recorded and an `OutputContractError` carrying it is thrown. Returns the checked value.
 */
export function validateResponseOutputContract(
  plan: OutputContractPlan,
  response: ResponseObjectLike,
  diagnostics?: OutputContractDiagnostics,
): unknown {
  const check = validateOutputContract(plan, extractResponseOutputText(response));
  if (check.ok) return check.value;
  diagnostics?.record(check.diagnostic);
  throw new OutputContractError(check.diagnostic.code, check.diagnostic.message, check.diagnostic);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
