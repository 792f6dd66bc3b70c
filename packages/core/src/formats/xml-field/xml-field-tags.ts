/**
 * The tag grammar of xml_field, shared by the final parser and the stream parser so both read
 * every text the same way. This is not XML: only these tags matter, entities are not decoded,
 * and everything else (`&`, `<b>`, even `</field>` inside code) is content.
 */

export const FIELD_CLOSER = '</field>';
export const PAYLOAD_CLOSER = '</agently_output>';
/** The longest opener tag read (`<field …>`, `<agently_output …>`); a longer one is content. */
const MAX_TAG_LENGTH = 256;

/** A field's declared type. */
export type FieldType = 'text' | 'json';

/** A complete `<field name=… type=…>` opener: its name, type and length in characters. */
export type FieldOpener = { name: string; type: FieldType; length: number };

const QUOTED = `(?:"([^"<>]*)"|'([^'<>]*)')`;
const TYPE = `(?:"(text|json)"|'(text|json)')`;
/** `name` then `type`, or `type` then `name`; either quote; spaces around `=` tolerated. */
const FIELD_OPENER = new RegExp(
  `^<field\\s+(?:name\\s*=\\s*${QUOTED}\\s+type\\s*=\\s*${TYPE}|type\\s*=\\s*${TYPE}\\s+name\\s*=\\s*${QUOTED})\\s*>$`,
);
const PAYLOAD_OPENER = /^<agently_output(?:\s[^<>]*)?>$/;

/**
 * Reads a field opener starting at `start`. `'partial'` when the text ends before the tag is
 * decided (it could still become an opener), `undefined` when it is not an opener.
 */
export function readFieldOpener(text: string, start: number): FieldOpener | 'partial' | undefined {
  const tag = readTag(text, start, '<field', FIELD_OPENER);
  if (tag === undefined || tag === 'partial') return tag;
  const type = (tag[3] ?? tag[4] ?? tag[5] ?? tag[6]) as FieldType;
  const name = (tag[1] ?? tag[2] ?? tag[7] ?? tag[8]) as string;
  return { name, type, length: tag[0].length };
}

/** Reads an `<agently_output …>` opener at `start`: its length, `'partial'`, or `undefined`. */
export function readPayloadOpener(text: string, start: number): number | 'partial' | undefined {
  const tag = readTag(text, start, '<agently_output', PAYLOAD_OPENER);
  return tag === undefined || tag === 'partial' ? tag : tag[0].length;
}

/** Finds the first payload opener in a whole text: where it starts and where its content begins. */
export function findPayloadOpener(text: string): { start: number; end: number } | undefined {
  for (let at = text.indexOf('<agently_output'); at >= 0; at = text.indexOf('<agently_output', at + 1)) {
    const length = readPayloadOpener(text, at);
    if (typeof length === 'number') return { start: at, end: at + length };
  }
  return undefined;
}

function readTag(text: string, start: number, head: string, grammar: RegExp): RegExpExecArray | 'partial' | undefined {
  const window = text.slice(start, start + MAX_TAG_LENGTH);
  if (window.length <= head.length) return head.startsWith(window) ? 'partial' : undefined;
  if (!window.startsWith(head)) return undefined;
  const next = window.charCodeAt(head.length);
  if (next !== 0x3e && !isBlank(next)) return undefined; // `<fieldset`, `<agently_outputs` are not tags
  const close = window.indexOf('>');
  if (close < 0) return window.length < MAX_TAG_LENGTH ? 'partial' : undefined;
  return grammar.exec(window.slice(0, close + 1)) ?? undefined;
}

/**
 * What a `</field>` means, judged by the text after it: `at` is the first non-blank character
 * after the closer (or the text's end). It closes the field when what follows is a field opener,
 * `</agently_output>`, or nothing; otherwise it is content (code may contain `</field>`). At the
 * end of a text that stops mid-tag, a possible opener or closer counts (the text was truncated).
 */
export function judgeFieldCloser(text: string, at: number, atEnd: boolean): 'closes' | 'content' | 'undecided' {
  if (at >= text.length) return atEnd ? 'closes' : 'undecided';
  if (text.startsWith(PAYLOAD_CLOSER, at)) return 'closes';
  if (PAYLOAD_CLOSER.startsWith(text.slice(at, at + PAYLOAD_CLOSER.length))) return atEnd ? 'closes' : 'undecided';
  const opener = readFieldOpener(text, at);
  if (opener === 'partial') return atEnd ? 'closes' : 'undecided';
  return opener === undefined ? 'content' : 'closes';
}

/** The index of the first non-blank character at or after `from` (or the text's length). */
export function skipBlank(text: string, from: number): number {
  let at = from;
  while (at < text.length && isBlank(text.charCodeAt(at))) at++;
  return at;
}

/** Blank between tags: space, tab, line breaks, vertical tab, form feed. */
export function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11;
}

/** How much of the end of `text` could be the start of `</field>` or `</agently_output>`. */
export function partialCloserLength(text: string): number {
  for (let length = Math.min(text.length, PAYLOAD_CLOSER.length - 1); length > 0; length--) {
    const tail = text.slice(text.length - length);
    if ((length < FIELD_CLOSER.length && FIELD_CLOSER.startsWith(tail)) || PAYLOAD_CLOSER.startsWith(tail))
      return length;
  }
  return 0;
}

/** Where {@link scanForTag} found a tag, or where a possible tag starts that needs more text. */
export type TagSearch<T> = { found: T; at: number; end: number } | { hold: number } | undefined;

/**
 * Finds the first complete tag starting with `head` in `text`, read by `read` (which returns the
 * tag, `'partial'` when the text ends too early to decide, or `undefined`). When none is found,
 * `hold` marks the start of a trailing possible tag (a prefix of `head`, or a `'partial'` one).
 */
export function scanForTag<T extends { length: number } | number>(
  text: string,
  head: string,
  read: (text: string, at: number) => T | 'partial' | undefined,
): TagSearch<T> {
  for (let at = text.indexOf(head); at >= 0; at = text.indexOf(head, at + 1)) {
    const tag = read(text, at);
    if (tag === 'partial') return { hold: at };
    if (tag !== undefined) return { found: tag, at, end: at + (typeof tag === 'number' ? tag : tag.length) };
  }
  for (let length = Math.min(head.length - 1, text.length); length > 0; length--) {
    if (head.startsWith(text.slice(text.length - length))) return { hold: text.length - length };
  }
  return undefined;
}
