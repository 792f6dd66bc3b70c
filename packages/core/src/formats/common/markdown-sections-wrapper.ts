import type { SectionField } from './markdown-sections-fields';

/** Whether an object value is a `{"field": …}` wrapper around the field's value. */
export type WrapperVerdict = 'wrapper' | 'not-wrapper' | 'undecided';

/** Room for whitespace and quotes around the first key before giving up on a wrapper. */
const SLACK = 64;
const KEY_CHAR = /[\w$\-\u0080-\uffff]/;

/**
 * Decides from the start of an object (`text` begins with `{`) whether it wraps the field's value:
 * its first key is the field's name. Only as much of the object as needed is read, so the stream
 * can decide early; the verdict for a text never depends on how it was chunked. A field whose own
 * schema has a key of the same name is never wrapped (the object is its value).
 */
export function wrapperVerdict(text: string, field: SectionField): WrapperVerdict {
  const { name, node } = field;
  if (node?.kind === 'object' && node.fields.has(name)) return 'not-wrapper';
  const limit = name.length + SLACK;
  const verdict = readFirstKey(text.length > limit ? text.slice(0, limit) : text, name);
  return verdict === 'undecided' && text.length > limit ? 'not-wrapper' : verdict;
}

function readFirstKey(text: string, name: string): WrapperVerdict {
  let i = skipSpace(text, 1);
  if (i >= text.length) return 'undecided';
  const quote = text[i];
  let key: string;
  if (quote === '"' || quote === "'") {
    const end = text.indexOf(quote, i + 1);
    const body = text.slice(i + 1, end < 0 ? text.length : end);
    if (body.includes('\\')) return 'not-wrapper';
    if (end < 0) return name.startsWith(body) ? 'undecided' : 'not-wrapper';
    key = body;
    i = end + 1;
  } else if (KEY_CHAR.test(quote as string)) {
    const start = i;
    while (i < text.length && KEY_CHAR.test(text[i] as string)) i++;
    key = text.slice(start, i);
    if (i >= text.length) return name.startsWith(key) ? 'undecided' : 'not-wrapper';
  } else {
    return 'not-wrapper';
  }
  if (key !== name) return 'not-wrapper';
  i = skipSpace(text, i);
  if (i >= text.length) return 'undecided';
  return text[i] === ':' ? 'wrapper' : 'not-wrapper';
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  return i;
}
