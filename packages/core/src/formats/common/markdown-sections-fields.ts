import { SchemaError } from '../../errors/errors';
import type { OutputDefinition } from '../../schema/define-output';
import type { OutputNode } from '../../schema/schema-types';
import { isStringField } from '../../schema/select-format';
import type { SectionAnnotation } from './markdown-sections-header';

/** How a section's content is read: plain text, or a JSON value. */
export type SectionKind = 'text' | 'json';

/** One top-level field as the Markdown-section formats see it. */
export type SectionField = {
  name: string;
  kind: SectionKind;
  /** The field's schema node (`undefined` without a schema). */
  node: OutputNode | undefined;
  /**
   * A text field whose header says ` [JSON]`: its section is read as JSON, and the value must be
   * a string or `null` (the only way a text section can carry `null`). Anything else is rejected.
   */
  stringOrNull: boolean;
};

/** The flavour of Markdown sections: the formats differ only in coercion and instructions. */
export type SectionFlavour = 'hybrid' | 'flat_markdown';

/**
 * The top-level fields a schema gives the Markdown-section formats, in key order, or `undefined`
 * without a schema (then any `### name` is a header, read as text unless annotated `[JSON]`).
 * String fields (and all-string enums) are text; every other field is JSON.
 */
export function sectionFieldsOf(
  output: OutputDefinition | undefined,
  flavour: SectionFlavour,
): ReadonlyMap<string, SectionField> | undefined {
  if (output === undefined) return undefined;
  const { root } = output;
  if (root.kind !== 'object') {
    throw new SchemaError('', `the ${flavour} format needs an object schema (one section per top-level field)`);
  }
  const fields = new Map<string, SectionField>();
  for (const [name, node] of root.fields) {
    fields.set(name, { name, kind: isStringField(node) ? 'text' : 'json', node, stringOrNull: false });
  }
  return fields;
}

/**
 * The field a recognised header starts: the schema's field, or a free one from the annotation.
 * A schema's text field annotated ` [JSON]` is read as JSON that must be a string or `null`.
 */
export function sectionFieldFor(
  fields: ReadonlyMap<string, SectionField> | undefined,
  name: string,
  annotation: SectionAnnotation | undefined,
): SectionField {
  const known = fields?.get(name);
  if (known !== undefined) {
    return known.kind === 'text' && annotation === 'json' ? { ...known, kind: 'json', stringOrNull: true } : known;
  }
  return { name, kind: annotation === 'json' ? 'json' : 'text', node: undefined, stringOrNull: false };
}
