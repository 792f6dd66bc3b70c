// Barrel for prompt/; the package index re-exports it.
export { buildPrompt, promptMessages } from './build-prompt';
export { correctionText, MAX_CORRECTION_REASON, truncateReason } from './correction-block';
export { fieldRequirementLine, renderFieldRequirements } from './field-requirements';
export { type PromptParts, renderPromptValue } from './prompt-parts';
