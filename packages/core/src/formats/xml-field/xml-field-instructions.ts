import type { OutputDefinition } from '../../schema/define-output';
import type { OutputNode } from '../../schema/schema-types';
import { isStringField } from '../../schema/select-format';
import { hasNullableText } from '../common/nullable-text';
import { jsonSkeleton } from '../json/json-instructions';

const ANSWER_SHAPE = [
  'Answer with exactly one <agently_output> … </agently_output> block and write nothing after it.',
  'Inside it, write every field as <field name="NAME" type="text">…</field> or <field name="NAME" type="json">…</field>, one after another.',
  '- type="text" is for prose and code. Write the text exactly as it should read: do not escape &, < or >, and do not wrap it in a code fence unless the fence is part of the text.',
  '- type="json" is for numbers, booleans, lists and objects: one JSON value, keys and strings in double quotes.',
].join('\n');

/** A text field's null: a type="text" body is always text (`null` in it is the word). */
const NULL_TEXT =
  '- To give a text field no value, write it as type="json" with null inside: <field name="NAME" type="json">null</field>.';

const SKELETON_LEGEND =
  'Use exactly these fields, in this order. Replace each <!-- … --> comment with the value it describes; ' +
  'in a json comment, <type> marks where a value of that type goes and "..." means any number of such items.';

/**
 * The xml_field `[OUTPUT REQUIREMENT]` text: the payload's shape, when to use `text` or `json`
 * (and `json` with null for a text field that may be null), and a skeleton with one `<field>` per top-level key (descriptions as scaffold comments, which
 * the parser strips if a model copies them).
 */
export function xmlFieldInstructions(output: OutputDefinition | undefined): string {
  if (output === undefined) return ANSWER_SHAPE;
  const shape = hasNullableText(output, false) ? `${ANSWER_SHAPE}\n${NULL_TEXT}` : ANSWER_SHAPE;
  return `${shape}\n${SKELETON_LEGEND}\n\n${xmlFieldSkeleton(output.root)}`;
}

/** The response skeleton: `<agently_output>` with one `<field>` per top-level key of the schema. */
export function xmlFieldSkeleton(root: OutputNode): string {
  const lines = ['<agently_output>'];
  const fields: [string, OutputNode][] = root.kind === 'object' ? [...root.fields] : [['value', root]];
  for (const [name, node] of fields) {
    const text = isStringField(node);
    lines.push(`<field name=${JSON.stringify(name)} type="${text ? 'text' : 'json'}">`);
    lines.push(text ? `<!-- (text) ${textHint(node)} -->` : `<!-- (json)\n${jsonSkeleton(node)}\n-->`);
    lines.push('</field>');
  }
  lines.push('</agently_output>');
  return lines.join('\n');
}

function textHint(node: OutputNode): string {
  const description =
    node.kind === 'scalar' || node.kind === 'enum' ? node.description.replace(/\s+/g, ' ').trim() : '';
  if (node.kind !== 'enum') return description === '' ? 'text' : description;
  const choices = `one of: ${node.values.map((value) => JSON.stringify(value)).join(', ')}`;
  return description === '' ? choices : `${choices}; ${description}`;
}
