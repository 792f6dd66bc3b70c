import type { OutputDefinition } from '../../schema/define-output';
import type { OutputNode } from '../../schema/schema-types';

const ANSWER_SHAPE =
  'Answer with one JSON value and nothing else: no text before or after it and no Markdown code fence.';
const STRICT_SYNTAX = 'Write strict JSON: keys and strings in double quotes, no comments, no trailing commas.';
const SKELETON_LEGEND =
  'Give it exactly this structure. <type> marks where a value of that type goes, "..." means the list may ' +
  'hold any number of such items, and a // comment explains its line: leave the comments out of your answer.';

/**
 * The json format's `[OUTPUT REQUIREMENT]` text (the envelope adds the title). With a schema it
 * ends with the {@link jsonSkeleton}. Field requirements are a block of their own (see
 * `renderFieldRequirements`).
 */
export function jsonInstructions(output: OutputDefinition | undefined): string {
  if (output === undefined) return `${ANSWER_SHAPE}\n${STRICT_SYNTAX}`;
  return `${ANSWER_SHAPE}\n${SKELETON_LEGEND}\n${STRICT_SYNTAX}\n\n${jsonSkeleton(output.root)}`;
}

/**
 * A JSON skeleton of a schema, one key per line: `"key": <type>, // description`. Enums list
 * their values (`<one of: "low", "high">`); a list shows its item followed by `...`.
 */
export function jsonSkeleton(root: OutputNode): string {
  const lines: string[] = [];
  writeNode(lines, root, '', '', false);
  return lines.join('\n');
}

// Recursion depth equals the schema's nesting, which the author wrote by hand.
function writeNode(lines: string[], node: OutputNode, indent: string, label: string, comma: boolean): void {
  const separator = comma ? ',' : '';
  if (node.kind === 'object') {
    if (node.fields.size === 0) {
      lines.push(`${indent}${label}{}${separator}`);
      return;
    }
    lines.push(`${indent}${label}{`);
    let remaining = node.fields.size;
    for (const [key, child] of node.fields) {
      remaining--;
      writeNode(lines, child, `${indent}  `, `${JSON.stringify(key)}: `, remaining > 0);
    }
    lines.push(`${indent}}${separator}`);
  } else if (node.kind === 'array') {
    lines.push(`${indent}${label}[`);
    writeNode(lines, node.item, `${indent}  `, '', true);
    lines.push(`${indent}  ...`, `${indent}]${separator}`);
  } else {
    lines.push(`${indent}${label}${placeholder(node)}${separator}${comment(node.description)}`);
  }
}

function placeholder(node: OutputNode & { kind: 'scalar' | 'enum' }): string {
  if (node.kind === 'enum') return `<one of: ${node.values.map((value) => JSON.stringify(value)).join(', ')}>`;
  return `<${node.type === 'any' ? 'value' : node.type}>`;
}

function comment(description: string): string {
  const line = description.replace(/\s+/g, ' ').trim();
  return line === '' ? '' : ` // ${line}`;
}
