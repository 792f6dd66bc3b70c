import type { OutputDefinition } from '../../schema/define-output';
import type { OutputNode } from '../../schema/schema-types';
import { isStringField } from '../../schema/select-format';
import { sectionFieldsOf } from '../common/markdown-sections-fields';
import { hasNullableText, SECTION_NULL_TEXT } from '../common/nullable-text';
import { jsonSkeleton } from '../json/json-instructions';

const FENCE = '```';

const RULE_LINES = {
  intro: 'Write your answer as Markdown sections, one for each field of the skeleton below, in the same order.',
  headers: '- Start each section with its header line exactly as shown: "### " followed by the field name.',
  text:
    '- A text field holds plain text on the lines under its header: no quotes, no escaping and no code fence ' +
    'around the whole value. It may span several lines and contain Markdown or code.',
  nullText: SECTION_NULL_TEXT,
  json:
    `- Every other field (number, true/false, list, object) holds one JSON value in a ${FENCE}json fenced block ` +
    'under its header.',
  layout:
    '- Leave one blank line between sections. Write nothing before the first header and nothing after the last section.',
};

const LEGEND =
  'Skeleton: replace each <…> with the value it describes; a // comment explains its line and is not part of ' +
  'the answer.';

const FREE_RULES = [
  'Write your answer as Markdown sections. Start each section with a header line "### " followed by the name ' +
    'of the field, and write the value on the lines under it.',
  '- Text is written as it is: no quotes, no escaping, no code fence around it.',
  `- A value that is not text (a number, true/false, a list, an object) gets the header "### <name> [JSON]" ` +
    `and is written as JSON in a ${FENCE}json fenced block.`,
  '- Leave one blank line between sections. Write nothing before the first header and nothing after the last section.',
].join('\n');

/**
 * The hybrid format's `[OUTPUT REQUIREMENT]` text: one `### field` section per top-level field,
 * strings as plain text (`null` under a `### name [JSON]` header, said only when a text field may
 * be null), everything else as a ```json fenced block, closed by a response skeleton.
 * Field requirements are a block of their own (`renderFieldRequirements`).
 */
export function hybridInstructions(output: OutputDefinition | undefined): string {
  const fields = sectionFieldsOf(output, 'hybrid');
  if (fields === undefined) return FREE_RULES;
  const sections: string[] = [];
  for (const { name, node } of fields.values()) sections.push(`### ${name}\n${hybridSkeletonBody(node as OutputNode)}`);
  const { intro, headers, text, nullText, json, layout } = RULE_LINES;
  const rules = (
    hasNullableText(output, false)
      ? [intro, headers, text, nullText, json, layout]
      : [intro, headers, text, json, layout]
  ).join('\n');
  return `${rules}\n\n${LEGEND}\n\n${sections.join('\n\n')}`;
}

/** What the skeleton shows under one field's header. */
function hybridSkeletonBody(node: OutputNode): string {
  if (isStringField(node)) return textPlaceholder(node);
  return `${FENCE}json\n${jsonSkeleton(node)}\n${FENCE}`;
}

/** `<text: description>`, or for an enum of strings `<one of: low, high>` (written bare). */
function textPlaceholder(node: OutputNode): string {
  if (node.kind === 'enum') return `<one of: ${node.values.join(', ')}${describe(node.description, '; ')}>`;
  const description = node.kind === 'scalar' ? node.description : '';
  return `<text${describe(description, ': ')}>`;
}

function describe(description: string, separator: string): string {
  const line = description.replace(/\s+/g, ' ').trim();
  return line === '' ? '' : `${separator}${line}`;
}
