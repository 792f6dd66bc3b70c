// ASCII helpers for spotting `<think>` / `</think>` in streamed text. Case folding is ASCII only
// (`toLowerCase` would fold e.g. the Kelvin sign into `k`), and whitespace is ASCII whitespace, so
// every check agrees with itself however the text is chunked.

/** Space, tab, line feed, carriage return, form feed, vertical tab. */
export function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** `text` without its leading ASCII whitespace. */
export function trimSpaceStart(text: string): string {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  return i === 0 ? text : text.slice(i);
}

/** `text` without its trailing ASCII whitespace. */
export function trimSpaceEnd(text: string): string {
  let end = text.length;
  while (end > 0 && isSpace(text.charCodeAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** How many characters of `tag` match `text` from `at` (ASCII case-insensitive), up to the end of either. */
function matchLength(text: string, at: number, tag: string): number {
  let n = 0;
  while (n < tag.length && at + n < text.length) {
    const code = text.charCodeAt(at + n);
    const folded = code >= 65 && code <= 90 ? code + 32 : code;
    if (folded !== tag.charCodeAt(n)) break;
    n++;
  }
  return n;
}

/** Whether the whole (lower-case) `tag` appears in `text` at `at`. */
export function tagAt(text: string, at: number, tag: string): boolean {
  return matchLength(text, at, tag) === tag.length;
}

/** The first index ≥ `from` where the whole `tag` appears, or -1. */
export function indexOfTag(text: string, tag: string, from: number): number {
  for (let i = text.indexOf('<', from); i >= 0; i = text.indexOf('<', i + 1)) {
    if (tagAt(text, i, tag)) return i;
  }
  return -1;
}

/** The first index ≥ `from` from which the rest of `text` is a proper prefix of `tag`, or -1. */
export function partialTagStart(text: string, from: number, tag: string): number {
  for (let i = text.indexOf('<', from); i >= 0; i = text.indexOf('<', i + 1)) {
    const rest = text.length - i;
    if (rest < tag.length && matchLength(text, i, tag) === rest) return i;
  }
  return -1;
}
