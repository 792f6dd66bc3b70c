import { checkJsonSchema } from './check-json-schema';
import type { OutputContractPlan } from './plan-output-contract';

/** The diagnostic code of a final text that breaks the output contract. */
export const INVALID_OUTPUT_FORMAT = 'BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT';

/** Why a final text breaks the output contract. `path` names the checked field. */
export type OutputContractDiagnostic = {
  code: typeof INVALID_OUTPUT_FORMAT;
  severity: 'error';
  path: 'response.output_text';
  message: string;
};

/** The outcome of {@link validateOutputContract}; `value` is the parsed JSON when JSON was required. */
export type OutputContractCheck = { ok: true; value: unknown } | { ok: false; diagnostic: OutputContractDiagnostic };

/**
 * Checks a final answer text against a plan. With `requiresValidJson`, the text (surrounding
 * whitespace aside) must be one strict JSON object — no fence, no prose, no JSON5 — and, when the
 * plan carries a schema, match it. Plans that require nothing always pass.
 */
export function validateOutputContract(plan: OutputContractPlan, finalText: string): OutputContractCheck {
  if (!plan.requiresValidJson) return { ok: true, value: finalText };
  let value: unknown;
  try {
    value = JSON.parse(finalText);
  } catch (error) {
    return fail(`output_text is not valid JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail(
      `output_text must be a JSON object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`,
    );
  }
  if (plan.schema !== undefined) {
    const violations = checkJsonSchema(value, plan.schema, 5);
    if (violations.length > 0) {
      const details = violations.map((v) => `${v.path === '' ? '(root)' : v.path}: ${v.message}`).join('; ');
      return fail(`output_text does not match the schema "${plan.schemaName ?? 'schema'}": ${details}`);
    }
  }
  return { ok: true, value };
}

/** The terminal status of a stream whose output contract was checked. */
export type ContractTerminalStatus =
  | { status: 'completed'; diagnostics: [] }
  | { status: 'failed'; diagnostics: [OutputContractDiagnostic] };

/**
 * Ends a stream under a plan: a stream whose final text breaks the contract fails (with the
 * diagnostic) even though the provider reported success.
 */
export function finalizeContractStream(plan: OutputContractPlan, finalText: string): ContractTerminalStatus {
  const check = validateOutputContract(plan, finalText);
  return check.ok ? { status: 'completed', diagnostics: [] } : { status: 'failed', diagnostics: [check.diagnostic] };
}

function fail(message: string): OutputContractCheck {
  return {
    ok: false,
    diagnostic: { code: INVALID_OUTPUT_FORMAT, severity: 'error', path: 'response.output_text', message },
  };
}
