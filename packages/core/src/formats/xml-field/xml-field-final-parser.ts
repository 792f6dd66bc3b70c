import { DepthLimitError, OutputParseError } from '../../errors/errors';
import { writeOwn } from '../../patch/apply-patch';
import { formatPath, parsePath } from '../../patch/path';
import type { OutputDefinition } from '../../schema/define-output';
import { normaliseSection } from '../common/normalise-section';
import type { FinalParse, FormatParserOptions } from '../format-parser';
import { parseJsonText } from '../json/json-final-parser';
import {
  FIELD_CLOSER,
  type FieldType,
  findPayloadOpener,
  judgeFieldCloser,
  PAYLOAD_CLOSER,
  partialCloserLength,
  readFieldOpener,
  skipBlank,
} from './xml-field-tags';

/**
 * The xml_field final parser. Not an XML parser: it reads the span from the first
 * `<agently_output…>` to the last `</agently_output>` (or to the end when that is missing) and
 * the `<field name=… type=…>` blocks inside it. A `</field>` closes a field only when a field
 * opener, `</agently_output>` or the end follows it. `text` fields are normalised text (entities
 * kept as written); `json` fields are JSON5 after normalisation. Unknown names are skipped and
 * a repeated name overwrites. A truncated payload keeps every field (the unclosed last one as
 * far as it got) and is reported as repaired. Throws `OutputParseError` when no field is found,
 * a field repeats a placeholder, or a json field is not JSON.
 */
export function parseXmlField(text: string, options: FormatParserOptions = {}): FinalParse {
  const source = text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
  const opener = findPayloadOpener(source);
  if (opener === undefined) throw parseError(text, 'no <agently_output> payload found');
  const lastCloser = source.lastIndexOf(PAYLOAD_CLOSER);
  const complete = lastCloser >= opener.end;
  // The body keeps the final `</agently_output>`, so a `</field>` before it sees it and closes.
  const body = complete ? source.slice(0, lastCloser + PAYLOAD_CLOSER.length) : source;
  const contentLimit = complete ? lastCloser : source.length;
  const value: Record<string, unknown> = {};
  let found = 0;
  let repaired = !complete;
  let pos = opener.end;
  while (pos < contentLimit) {
    const at = body.indexOf('<field', pos);
    if (at < 0 || at >= contentLimit) break;
    const field = readFieldOpener(body, at);
    if (field === undefined || field === 'partial') {
      pos = at + 1;
      continue;
    }
    const start = at + field.length;
    const close = findFieldClose(body, start);
    let content: string;
    if (close < 0) {
      // Unclosed: the field runs to the end of the span (minus a half-written closer).
      content = body.slice(start, contentLimit);
      if (!complete) content = content.slice(0, content.length - partialCloserLength(content));
      repaired = true;
      pos = contentLimit;
    } else {
      content = body.slice(start, close);
      pos = close + FIELD_CLOSER.length;
    }
    if (!isKnownField(field.name, options.output)) continue;
    const converted = fieldValue(text, field.name, field.type, content, options.maxDepth);
    if (converted === undefined) continue;
    writeOwn(value, field.name, converted.value);
    repaired ||= converted.repaired;
    found++;
  }
  if (found === 0)
    throw parseError(text, 'no <field name="…" type="text|json"> with a known name inside <agently_output>');
  return { value, repaired, format: 'xml_field' };
}

/** The index of the `</field>` that closes a field whose content starts at `from`, or -1. */
export function findFieldClose(body: string, from: number): number {
  for (let at = body.indexOf(FIELD_CLOSER, from); at >= 0; at = body.indexOf(FIELD_CLOSER, at + 1)) {
    if (judgeFieldCloser(body, skipBlank(body, at + FIELD_CLOSER.length), true) === 'closes') return at;
  }
  return -1;
}

/** Whether the schema has a top-level field `name` (any name counts without a schema). */
export function isKnownField(name: string, output: OutputDefinition | undefined): boolean {
  const root = output?.root;
  if (root === undefined || root.kind !== 'object') return true;
  return root.fields.has(name);
}

function fieldValue(
  text: string,
  name: string,
  type: FieldType,
  content: string,
  maxDepth: number | undefined,
): { value: unknown; repaired: boolean } | undefined {
  const normalised = normaliseSection(content);
  if (!normalised.ok) throw parseError(text, `field ${JSON.stringify(name)}: ${normalised.reason}`);
  if (type === 'text') return { value: normalised.text, repaired: false };
  // An empty json field is an absent field, as a missing section is.
  if (normalised.text === '') return undefined;
  try {
    // The field's value sits one level below the answer's root object.
    const parsed = parseJsonText(normalised.text, { maxDepth: maxDepth === undefined ? undefined : maxDepth - 1 });
    return { value: parsed.value, repaired: parsed.repaired };
  } catch (error) {
    if (error instanceof DepthLimitError) throw new DepthLimitError(error.maxDepth + 1, prefixPath(name, error.path));
    if (!(error instanceof OutputParseError)) throw error;
    const reason = error.message.replace(/^Could not parse the json output: /, '');
    throw parseError(text, `field ${JSON.stringify(name)} (type="json") is not JSON: ${reason}`);
  }
}

/** `path` (relative to a field's value) as a path from the answer's root. */
function prefixPath(name: string, path: string): string {
  return formatPath([name, ...(path === '' ? [] : parsePath(path))]);
}

function parseError(text: string, reason: string): OutputParseError {
  return new OutputParseError('xml_field', reason, { rawText: text });
}
