import type { JsonSchema } from '../../schema/json-schema';

/** The JSON rules every prompt-level JSON contract states (our own wording). */
export const JSON_RULES = [
  'Reply with exactly one JSON object and nothing else: no prose before or after it, no Markdown code fence.',
  'Use strict JSON: double-quoted keys and strings, no comments, no trailing commas.',
];

/** The instruction that asks for any JSON object (providers without a native JSON mode). */
export function jsonObjectInstruction(): string {
  return ['Your reply is read by a program as JSON.', ...JSON_RULES.map((rule) => `- ${rule}`)].join('\n');
}

/**
 * The instruction that stands in for a native `json_schema` response format: the schema's name,
 * its description, the JSON rules, and the schema itself.
 */
export function jsonSchemaInstruction(name: string, description: string | undefined, schema: JsonSchema): string {
  const lines = [`Your reply is read by a program as JSON that must match the schema "${name}".`];
  if (description !== undefined && description.trim() !== '') lines.push(`The schema describes: ${description.trim()}`);
  lines.push(...JSON_RULES.map((rule) => `- ${rule}`));
  lines.push('- Include every required key, use the types the schema names, and add no keys it does not allow.');
  lines.push('', 'JSON Schema:', JSON.stringify(schema, null, 2));
  return lines.join('\n');
}
