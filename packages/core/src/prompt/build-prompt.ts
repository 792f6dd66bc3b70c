import type { ModelMessage } from '../providers/model';
import type { PromptParts } from './prompt-parts';

/** The block titles, in envelope order. */
const BLOCKS: readonly [keyof PromptParts, string][] = [
  ['input', '[INPUT]'],
  ['instruct', '[INSTRUCT]'],
  ['outputRequirement', '[OUTPUT REQUIREMENT]'],
  ['fieldRequirements', '[FIELD REQUIREMENTS]'],
  ['correction', '[OUTPUT CORRECTION]'],
];

/**
 * The prompt envelope: one titled block per non-empty part, a blank line between blocks, and a
 * closing `[OUTPUT]:` line the model continues from.
 */
export function buildPrompt(parts: PromptParts): string {
  const blocks: string[] = [];
  for (const [key, title] of BLOCKS) {
    const body = parts[key].trim();
    if (body !== '') blocks.push(`${title}\n${body}`);
  }
  blocks.push('[OUTPUT]:');
  return blocks.join('\n\n');
}

/** The prompt as chat messages: an optional system message, then the envelope as the user turn. */
export function promptMessages(prompt: string, system: string | undefined): ModelMessage[] {
  const messages: ModelMessage[] = [];
  if (system !== undefined && system.trim() !== '') messages.push({ role: 'system', content: system });
  messages.push({ role: 'user', content: prompt });
  return messages;
}
