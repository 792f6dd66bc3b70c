import type { OutputDefinition } from '../../schema/define-output';
import type { OutputNode } from '../../schema/schema-types';
import { isStringField } from '../../schema/select-format';
import { sectionFieldsOf } from '../common/markdown-sections-fields';
import { hasNullableText, SECTION_NULL_TEXT } from '../common/nullable-text';

const RULES = [
  'Write your answer as Markdown sections, one for each field of the skeleton below, in the same order.',
  '- Start each section with its header line exactly as shown: "### " followed by the field name.',
  '- Under the header, replace the <!-- … --> line, which says what the field holds, with the value.',
  '- Text is written as it is, with no quotes and no escaping. Numbers and true/false are written bare. ' +
    'Lists and objects are written as JSON.',
];
const LAYOUT =
  '- Leave one blank line between sections. Write nothing before the first header and nothing after the last section.';

const FREE_RULES = [
  'Write your answer as Markdown sections. Start each section with a header line "### " followed by the name ' +
    'of the field, and write the value on the lines under it.',
  '- Text is written as it is. A value that is not text gets the header "### <name> [JSON]" and is written as JSON.',
  '- Leave one blank line between sections. Write nothing before the first header and nothing after the last section.',
].join('\n');

/**
 * The flat_markdown format's `[OUTPUT REQUIREMENT]` text: `### field` sections, each shown in the
 * skeleton with an HTML comment line `<!-- (type) description -->` under its header; how to write
 * null (a ` [JSON]` header) when a text field may be null.
 */
export function flatMarkdownInstructions(output: OutputDefinition | undefined): string {
  const fields = sectionFieldsOf(output, 'flat_markdown');
  if (fields === undefined) return FREE_RULES;
  const sections: string[] = [];
  for (const { name, node } of fields.values()) {
    sections.push(`### ${name}\n<!-- ${scaffoldComment(node as OutputNode)} -->`);
  }
  // The null rule only when a text field may be null: otherwise it invites an answer the schema rejects.
  const rules = [...RULES, ...(hasNullableText(output, false) ? [SECTION_NULL_TEXT] : []), LAYOUT].join('\n');
  return `${rules}\n\n${sections.join('\n\n')}`;
}

/** `(text) one-line status`, `(integer) 0-10`, `(JSON list of text) a risk`, `(JSON object) keys: a, b`. */
function scaffoldComment(node: OutputNode): string {
  const description = oneLine(node.kind === 'scalar' || node.kind === 'enum' ? node.description : '');
  return `(${typeLabel(node)})${description === '' ? '' : ` ${description}`}`;
}

function typeLabel(node: OutputNode): string {
  if (isStringField(node) && node.kind === 'scalar') return 'text';
  switch (node.kind) {
    case 'scalar':
      return node.type === 'any' ? 'JSON value' : node.type;
    case 'enum':
      return `one of: ${node.values.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join(', ')}`;
    case 'array': {
      const item = node.item;
      const described = item.kind === 'scalar' || item.kind === 'enum' ? oneLine(item.description) : '';
      return `JSON list of ${itemLabel(item)}${described === '' ? '' : `; each: ${described}`}`;
    }
    case 'object':
      return `JSON object with the keys ${[...node.fields.keys()].join(', ')}`;
  }
}

function itemLabel(node: OutputNode): string {
  if (node.kind === 'array') return 'lists';
  if (node.kind === 'object') return `objects with the keys ${[...node.fields.keys()].join(', ')}`;
  if (node.kind === 'enum') return 'values';
  return node.type === 'string' ? 'strings' : node.type === 'any' ? 'values' : `${node.type}s`;
}

function oneLine(text: string): string {
  // `-->` inside a description would end the comment early.
  return text.replace(/\s+/g, ' ').replaceAll('-->', '->').trim();
}
