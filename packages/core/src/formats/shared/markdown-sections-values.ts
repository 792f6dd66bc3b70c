import { DepthLimitError, OutputParseError } from '../../errors/errors';
import type { OutputNode } from '../../schema/schema-types';
import { jsonFormat } from '../json/index';
import { closesFence, fenceOpenerOf } from './markdown-sections-fence';
import type { SectionField, SectionFlavour } from './markdown-sections-fields';
import { type NormalisedSection, normaliseSection } from './normalise-section';

/** What one section's content gives its field. */
export type SectionValue =
  | { kind: 'value'; value: unknown; repaired: boolean }
  /** Nothing to read (an empty JSON section): the field stays missing. */
  | { kind: 'absent' }
  /** The content cannot be this field's value; `reason` is worded for a correction prompt. */
  | { kind: 'rejected'; reason: string };

/**
 * A text field's value: the normalised content (scaffold comments and one enclosing fence
 * stripped, trimmed). A JSON string literal as the whole body of a ```json fence is decoded, for
 * models that write every field as JSON.
 */
export function textSectionValue(content: string): SectionValue {
  const normalised = normalise(content);
  if (!normalised.ok) return { kind: 'rejected', reason: normalised.reason };
  const { text, fenceInfo } = normalised;
  if (fenceInfo !== undefined && /^json5?$/i.test(fenceInfo)) {
    const literal = text.trim();
    if (literal.startsWith('"')) {
      try {
        const decoded: unknown = JSON.parse(literal);
        if (typeof decoded === 'string') return { kind: 'value', value: decoded, repaired: false };
      } catch {
        // Not one string literal: the fenced text is the value.
      }
    }
  }
  return { kind: 'value', value: text, repaired: false };
}

/**
 * A JSON field's value: the normalised content read by the json final parser — the body of its
 * first fenced block, else a JSON value located in prose, else the bare content (JSON5 accepted), a `{field: value}` wrapper
 * unwrapped. flat_markdown also coerces bare numbers and booleans when the schema asks for them.
 * A field of type `any` whose content is not JSON keeps the text.
 */
export function jsonSectionValue(
  content: string,
  field: SectionField,
  flavour: SectionFlavour,
  maxDepth: number | undefined,
): SectionValue {
  const normalised = normalise(content);
  if (!normalised.ok) return { kind: 'rejected', reason: normalised.reason };
  const { text } = normalised;
  if (text.trim() === '') return { kind: 'absent' };
  const coerce = flavour === 'flat_markdown' && field.node !== undefined;
  let parsed: { value: unknown; repaired: boolean };
  try {
    parsed = parseFieldJson(
      normalised.fenceInfo === undefined ? (firstFencedBody(text) ?? text) : text,
      field,
      maxDepth,
    );
  } catch (error) {
    if (!(error instanceof OutputParseError)) throw error;
    const bare = coerce ? coerceScalar(text.trim(), field.node as OutputNode) : undefined;
    if (bare !== undefined) return { kind: 'value', value: bare, repaired: false };
    if (field.node?.kind === 'scalar' && field.node.type === 'any')
      return { kind: 'value', value: text, repaired: false };
    return { kind: 'rejected', reason: `the "${field.name}" section is not a JSON value (${error.message})` };
  }
  let value = unwrapField(parsed.value, field);
  if (coerce && typeof value === 'string') value = coerceScalar(value.trim(), field.node as OutputNode) ?? value;
  return { kind: 'value', value, repaired: parsed.repaired };
}

/**
 * Reads a field's JSON. The field sits one level below the answer's root (as in the json format),
 * so it gets one level less of `maxDepth` — unless it comes in a `{field: …}` wrapper, which takes
 * the root's place.
 */
function parseFieldJson(
  text: string,
  field: SectionField,
  maxDepth: number | undefined,
): { value: unknown; repaired: boolean } {
  if (maxDepth === undefined) return jsonFormat.parse(text, {});
  try {
    return jsonFormat.parse(text, { maxDepth: Math.max(0, maxDepth - 1) });
  } catch (error) {
    if (!(error instanceof DepthLimitError)) throw error;
    const wrapped = jsonFormat.parse(text, { maxDepth });
    if (unwrapField(wrapped.value, field) === wrapped.value) throw error;
    return wrapped;
  }
}

/** The body of the first fenced block in `text` (to its closer, or to the end), if there is one. */
function firstFencedBody(text: string): string | undefined {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = fenceOpenerOf(lines[i] as string);
    if (fence === undefined) continue;
    let end = i + 1;
    while (end < lines.length && !closesFence(lines[end] as string, fence)) end++;
    return lines.slice(i + 1, end).join('\n');
  }
  return undefined;
}

/**
 * `normaliseSection`, skipping its line-by-line work for content that cannot hold a scaffold
 * comment, an enclosing fence or a placeholder: content whose first visible character is not `<`,
 * a backtick or a tilde normalises to itself, trimmed.
 */
function normalise(content: string): NormalisedSection {
  const first = content.search(/\S/);
  if (first < 0) return { ok: true, text: '', fenceInfo: undefined };
  const char = content[first];
  if (char !== '<' && char !== '`' && char !== '~') return { ok: true, text: content.trim(), fenceInfo: undefined };
  return normaliseSection(content);
}

/** `{ "score": 7 }` under `### score` is the value 7, unless the schema itself has that key. */
function unwrapField(value: unknown, field: SectionField): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 1 || keys[0] !== field.name) return value;
  const node = field.node;
  if (node?.kind === 'object' && node.fields.has(field.name)) return value;
  return (value as Record<string, unknown>)[field.name];
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A bare number or boolean, when the schema wants one (`3` → 3, `True` → true); else `undefined`. */
function coerceScalar(text: string, node: OutputNode): number | boolean | undefined {
  const wantsNumber =
    (node.kind === 'scalar' && (node.type === 'number' || node.type === 'integer')) ||
    (node.kind === 'enum' && node.values.some((literal) => typeof literal === 'number'));
  const wantsBoolean =
    (node.kind === 'scalar' && node.type === 'boolean') ||
    (node.kind === 'enum' && node.values.some((literal) => typeof literal === 'boolean'));
  if (wantsNumber && NUMBER.test(text)) return Number(text);
  if (wantsBoolean) {
    const lower = text.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
  }
  return undefined;
}
