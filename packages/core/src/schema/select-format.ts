import { invalid } from '../errors/check-argument';
import type { OutputNode } from './schema-types';

/** Every format name a parser exists for. */
export type FormatName = 'json' | 'hybrid' | 'xml_field' | 'yaml_literal' | 'flat_markdown' | 'text';
/** A format name, or `auto` to choose from the schema's shape. */
export type FormatOption = FormatName | 'auto';

/**
 * The `auto` rules (docs/formats.md §8): a flat object whose every field is a string → `xml_field`; an
 * object mixing string fields with typed fields → `hybrid`; anything else → `json`. Never picks
 * `yaml_literal` or `flat_markdown`. String enums count as string fields.
 */
export function selectFormat(output: { readonly root: OutputNode } | OutputNode): 'json' | 'hybrid' | 'xml_field' {
  const given = output as { kind?: unknown; root?: { kind?: unknown } } | null;
  if (
    given === null ||
    typeof given !== 'object' ||
    (typeof given.kind !== 'string' && typeof given.root?.kind !== 'string')
  ) {
    throw invalid('selectFormat output', 'an output definition from defineOutput() or its root node', output);
  }
  const root = 'root' in output ? output.root : output;
  if (root.kind !== 'object' || root.fields.size === 0) return 'json';
  let strings = 0;
  for (const child of root.fields.values()) if (isStringField(child)) strings++;
  if (strings === root.fields.size) return 'xml_field';
  return strings > 0 ? 'hybrid' : 'json';
}

/** A field that is written as plain text in the text formats. */
export function isStringField(node: OutputNode): boolean {
  if (node.kind === 'scalar') return node.type === 'string';
  if (node.kind === 'enum') return node.values.every((value) => typeof value === 'string');
  return false;
}
