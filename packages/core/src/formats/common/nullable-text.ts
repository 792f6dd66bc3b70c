import { appendSegment } from '../../patch/path';
import { acceptsNull } from '../../schema/accepts-null';
import type { OutputDefinition } from '../../schema/define-output';
import type { OutputNode } from '../../schema/schema-types';
import { isStringField } from '../../schema/select-format';

/** The Markdown-section formats' null rule: plain text cannot say null (a bare `null` is read as the word). */
export const SECTION_NULL_TEXT =
  '- To give a text field no value, add " [JSON]" to its header line and write null under it. ' +
  'Use [JSON] on a text field for null only.';

/**
 * Whether a text field (a string, or an enum of strings) of the output may be null: a format says how
 * to write null for text only then, since the rule would otherwise invite an answer the schema
 * rejects. The top-level fields (the root itself when it is not an object), or with `nested` also
 * those inside objects and lists (yaml_literal writes text anywhere; the others write nested values as JSON).
 */
export function hasNullableText(output: OutputDefinition | undefined, nested: boolean): boolean {
  if (output === undefined) return false;
  const visit = (node: OutputNode, path: string, depth: number): boolean => {
    if (isStringField(node)) return acceptsNull(node, output.ensureKeys[path]);
    if (depth > 0 && !nested) return false;
    if (node.kind === 'array') return nested && visit(node.item, `${path}[*]`, depth + 1);
    if (node.kind !== 'object') return false;
    for (const [key, child] of node.fields) if (visit(child, appendSegment(path, key), depth + 1)) return true;
    return false;
  };
  return visit(output.root, '', 0);
}
