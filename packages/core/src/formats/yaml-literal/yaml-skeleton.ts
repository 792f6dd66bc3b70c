import type { OutputNode } from '../../schema/schema-types';
import { isStringField } from '../../schema/select-format';

/**
 * A YAML response skeleton for a schema: every top-level string field as a literal block
 * (`key: |`), other fields as a `<type>` placeholder or nested skeleton, descriptions as `#`
 * comments (harmless if the model copies them). Recursion follows the schema, not the data.
 */
export function yamlSkeleton(root: OutputNode): string {
  if (root.kind !== 'object') return `value: ${placeholder(root)}`;
  const lines: string[] = [];
  for (const [key, node] of root.fields) {
    if (isStringField(node) && node.kind === 'scalar') {
      lines.push(`${yamlKey(key)}: |${comment(node)}`, '  <text>');
    } else {
      writeNode(lines, yamlKey(key), node, '');
    }
  }
  return lines.join('\n');
}

function writeNode(lines: string[], label: string, node: OutputNode, indent: string): void {
  if (node.kind === 'object') {
    lines.push(`${indent}${label}:`);
    for (const [key, child] of node.fields) writeNode(lines, yamlKey(key), child, `${indent}  `);
  } else if (node.kind === 'array') {
    lines.push(`${indent}${label}:`);
    writeItem(lines, node.item, `${indent}  `);
    lines.push(`${indent}  - ...`);
  } else {
    lines.push(`${indent}${label}: ${placeholder(node)}${comment(node)}`);
  }
}

/** One list item: `- <type>`, or a record whose first field shares the dash's line. */
function writeItem(lines: string[], item: OutputNode, indent: string): void {
  if (item.kind === 'object' && item.fields.size > 0) {
    const start = lines.length;
    for (const [key, child] of item.fields) writeNode(lines, yamlKey(key), child, `${indent}  `);
    lines[start] = `${indent}- ${(lines[start] as string).slice(indent.length + 2)}`;
  } else if (item.kind === 'array') {
    lines.push(`${indent}-`);
    writeItem(lines, item.item, `${indent}  `);
  } else if (item.kind === 'object') {
    lines.push(`${indent}- {}`);
  } else {
    lines.push(`${indent}- ${placeholder(item)}${comment(item)}`);
  }
}

/** A placeholder that is itself a valid plain scalar (no `: ` or ` #` inside). */
function placeholder(node: OutputNode): string {
  if (node.kind === 'enum') return `<one of ${node.values.map((value) => JSON.stringify(value)).join(', ')}>`;
  if (node.kind === 'scalar') return `<${node.type === 'any' ? 'value' : node.type}>`;
  return node.kind === 'array' ? '[]' : '{}';
}

function comment(node: OutputNode): string {
  const description = node.kind === 'scalar' || node.kind === 'enum' ? node.description : '';
  return description === '' ? '' : `  # ${description.replace(/\s+/g, ' ')}`;
}

/** A key as YAML needs it: plain when safe, otherwise double-quoted. */
function yamlKey(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_-]*$/.test(key) && !/^(?:null|true|false|y|n|yes|no|on|off)$/i.test(key)
    ? key
    : JSON.stringify(key);
}
