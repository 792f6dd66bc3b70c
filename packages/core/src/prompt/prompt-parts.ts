/**
 * The parts of a prompt envelope. Empty parts are left out. A validator may rewrite them (see
 * `ValidationContext.prompt`); the rewrite applies to later retries only.
 */
export type PromptParts = {
  /** `[INPUT]`: what the model works on, as text. */
  input: string;
  /** `[INSTRUCT]`: what to do with the input. */
  instruct: string;
  /** `[OUTPUT REQUIREMENT]`: how to write the answer (the format's instructions). */
  outputRequirement: string;
  /** `[FIELD REQUIREMENTS]`: the ensured fields, one line each. */
  fieldRequirements: string;
  /** `[OUTPUT CORRECTION]`: why the previous answer was rejected (retries only). */
  correction: string;
};

/** Renders a prompt value as text: strings as they are, anything else as indented JSON. */
export function renderPromptValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((line) => typeof line === 'string')) return value.join('\n');
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    // Circular or BigInt values: the best text we can give.
    return String(value);
  }
}
