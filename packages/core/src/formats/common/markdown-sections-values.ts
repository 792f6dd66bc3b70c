import { DepthLimitError, OutputParseError } from '../../errors/errors';
import type { OutputNode } from '../../schema/schema-types';
import { parseJsonText } from '../json/json-final-parser';
import { readJsonValue } from '../json/json5-reader';
import { closesFenceAt, fenceOpenerOf } from './markdown-sections-fence';
import type { SectionField, SectionFlavour } from './markdown-sections-fields';
import { LineStartReader } from './markdown-sections-line-start';
import { isPlaceholderEcho, type NormalisedSection, normaliseSection } from './normalise-section';

/** What one section's content gives its field. */
export type SectionValue =
  | { kind: 'value'; value: unknown; repaired: boolean }
  /** Nothing to read (an empty JSON section): the field stays missing. */
  | { kind: 'absent' }
  /** The content cannot be this field's value; `reason` is worded for a correction prompt. */
  | { kind: 'rejected'; reason: string };

/**
 * A text field's value: the normalised content (scaffold comments and one enclosing fence
 * stripped, trimmed). When the whole content is one ```json fence holding `null` or one JSON string
 * literal, that JSON value is the field's value (`null`, or the decoded string), for models that
 * write every field as JSON; any other fenced body is the text as it is (JSON code is text too).
 * `readsFencedJson: false` (a ` [text]` header) keeps every fenced body as text.
 */
export function textSectionValue(content: string, readsFencedJson = true): SectionValue {
  const normalised = normalise(content);
  if (!normalised.ok) return { kind: 'rejected', reason: normalised.reason };
  const { text, fenceInfo } = normalised;
  if (readsFencedJson && fenceInfo !== undefined && /^json5?$/i.test(fenceInfo)) {
    const literal = text.trim();
    if (literal === 'null') return { kind: 'value', value: null, repaired: false };
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
 * A JSON field's value, read by the json final parser (JSON5 accepted): the body of the fenced
 * block the section opens with; else the normalised content (bare, or a value located in prose);
 * else the body of its first fenced block. A `{field: value}` wrapper is unwrapped. flat_markdown
 * also coerces bare numbers and booleans when the schema asks for them. A field of type `any`
 * whose content is not JSON keeps the text. A text field read as JSON (`stringOrNull`) gives a
 * string or `null`; any other content (plain text, other JSON) is the field's text, as in Agently.
 */
export function jsonSectionValue(
  content: string,
  field: SectionField,
  flavour: SectionFlavour,
  maxDepth: number | undefined,
): SectionValue {
  const first = content.search(/\S/);
  if (first < 0) return { kind: 'absent' };
  let text: string;
  let fenced: string | undefined;
  // A fence line as the scanner reads it (spaces and tabs of indentation only), as the stream does.
  const firstLine = content.slice(content.lastIndexOf('\n', first) + 1, endOfLine(content, first));
  if ((content[first] === '`' || content[first] === '~') && fenceOpenerOf(firstLine) !== undefined) {
    // A section opening with a fence (the usual shape of a JSON field) is read from the fence's
    // body directly: what normalisation would give, without splitting the section into lines.
    fenced = firstFencedBody(content);
    if (fenced !== undefined && isPlaceholderEcho(fenced)) {
      const normalised = normaliseSection(fenced);
      if (!normalised.ok) return { kind: 'rejected', reason: normalised.reason };
    }
  }
  if (fenced !== undefined) {
    text = fenced;
  } else {
    const normalised = normalise(content);
    if (!normalised.ok) return { kind: 'rejected', reason: normalised.reason };
    text = normalised.text;
  }
  if (text.trim() === '') return { kind: 'absent' };
  let parsed: { value: unknown; repaired: boolean };
  try {
    parsed = parseFieldJson(text, field, maxDepth);
  } catch (error) {
    if (!(error instanceof OutputParseError)) throw error;
    // Prose, then a fenced scalar (`Score:` and a ```json block holding 7): read the block.
    const body = fenced === undefined ? firstFencedBody(text) : undefined;
    const fromBlock = body === undefined ? undefined : tryParseFieldJson(body, field, maxDepth);
    if (fromBlock === undefined) return notJson(content, field, flavour, error);
    parsed = fromBlock;
  }
  let value = unwrapField(parsed.value, field);
  if (field.stringOrNull) {
    // A ` [JSON]` annotation on a text field never fails the answer: other JSON is the text.
    if (value !== null && typeof value !== 'string') return textSectionValue(content, false);
  } else if (flavour === 'flat_markdown' && field.node !== undefined && typeof value === 'string') {
    value = coerceScalar(value.trim(), field.node) ?? value;
  }
  return { kind: 'value', value, repaired: parsed.repaired };
}

function tryParseFieldJson(
  text: string,
  field: SectionField,
  maxDepth: number | undefined,
): { value: unknown; repaired: boolean } | undefined {
  try {
    return parseFieldJson(text, field, maxDepth);
  } catch (error) {
    if (error instanceof OutputParseError) return undefined;
    throw error;
  }
}

/**
 * Content that is not JSON: flat_markdown's bare scalars of the schema's type, or the text of an
 * `any` field; anything else is rejected.
 */
function notJson(content: string, field: SectionField, flavour: SectionFlavour, error: OutputParseError): SectionValue {
  const normalised = normalise(content);
  const text = normalised.ok ? normalised.text : content.trim();
  if (field.stringOrNull) return textSectionValue(content, false); // plain text under `### notes [JSON]`
  const node = field.node;
  const bare = flavour === 'flat_markdown' && node !== undefined ? coerceScalar(text.trim(), node) : undefined;
  if (bare !== undefined) return { kind: 'value', value: bare, repaired: false };
  if (node?.kind === 'scalar' && node.type === 'any') return { kind: 'value', value: text, repaired: false };
  return { kind: 'rejected', reason: `the "${field.name}" section is not a JSON value (${error.message})` };
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
  if (maxDepth === undefined) return readFieldJson(text, undefined);
  try {
    return readFieldJson(text, Math.max(0, maxDepth - 1));
  } catch (error) {
    if (!(error instanceof DepthLimitError)) throw error;
    const wrapped = readFieldJson(text, maxDepth);
    if (unwrapField(wrapped.value, field) === wrapped.value) throw error;
    return wrapped;
  }
}

/**
 * The first value in the text, read whole, wins — found as the stream finds it, past blank lines,
 * scaffold comments and prose lines; what follows it is commentary. When there is none (or it
 * is cut short), the json final parser decides (repair, a value located in prose).
 */
function readFieldJson(text: string, maxDepth: number | undefined): { value: unknown; repaired: boolean } {
  if (maxDepth === undefined) {
    try {
      return { value: JSON.parse(text), repaired: false }; // the common case: exactly one JSON value
    } catch {
      // Not strict JSON: read it leniently below.
    }
  }
  // The line break ends a literal the text ends with (`null`): the reader waits for more otherwise.
  const from = new LineStartReader().read(`${text}\n`);
  if (from !== undefined) {
    const leading = readJsonValue(from, 0, { maxDepth });
    if (leading.ok && !leading.truncated) return { value: leading.value, repaired: leading.repaired };
  }
  return parseJsonText(text, { maxDepth });
}

/**
 * The body of the first fenced block in `text` (to its closer, or to the end), if there is one;
 * line by line with `indexOf`, without splitting the text.
 */
function firstFencedBody(text: string): string | undefined {
  for (let lineStart = 0; lineStart < text.length; ) {
    const lineEnd = endOfLine(text, lineStart);
    const fence = fenceOpenerOf(text.slice(lineStart, lineEnd));
    if (fence !== undefined) {
      const bodyStart = lineEnd + 1;
      for (let pos = bodyStart; pos < text.length; ) {
        const end = endOfLine(text, pos);
        if (closesFenceAt(text, pos, end, fence)) return text.slice(bodyStart, Math.max(bodyStart, pos - 1));
        pos = end + 1;
      }
      return text.slice(bodyStart);
    }
    lineStart = lineEnd + 1;
  }
  return undefined;
}

function endOfLine(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline < 0 ? text.length : newline;
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
