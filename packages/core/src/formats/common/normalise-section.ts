/**
 * Section content normalisation shared by the text formats (hybrid, xml_field, flat_markdown),
 * as docs/formats.md §1 says: strip leading scaffold comments, strip one enclosing code fence, and
 * reject a placeholder echoed from the instructions.
 */

/** The outcome of {@link normaliseSection}. */
export type NormalisedSection =
  | {
      ok: true;
      /** The section's content, normalised. */
      text: string;
      /**
       * The info string of the enclosing fence that was stripped (`'json'`, `'python'`, `''` for a
       * bare fence), or `undefined` when the content was not one fenced block.
       */
      fenceInfo: string | undefined;
    }
  | {
      ok: false;
      /** Why the content was rejected, worded for a correction prompt. */
      reason: string;
    };

/**
 * Normalises one section's raw content:
 * 1. leading scaffold comments (`<!-- … -->`, any number) are removed, then the text is trimmed;
 * 2. when the whole trimmed text is a single fenced block, the fence is removed and its body is
 *    kept verbatim (the indentation of its first line survives; trailing whitespace goes);
 * 3. a placeholder echo such as `<your summary here>` is a failure, not a value.
 *
 * Content that is only comments, one of them a skeleton comment (`<!-- (JSON) <per-rule evidence
 * list> -->`, `<!-- (text) … -->`), is a failure too (as in Agently): the model echoed the
 * prompt's skeleton instead of writing a value. Other comment-only content normalises to `''`.
 */
export function normaliseSection(content: string): NormalisedSection {
  const text = stripScaffoldComments(content).trim();
  if (text === '' && /<!--\s*\(/.test(content)) {
    return {
      ok: false,
      reason: `the section holds only the skeleton comment ${quoteForReason(content.trim())} from the instructions; write the value instead`,
    };
  }
  const fence = stripEnclosingFence(text);
  const normalised = fence === undefined ? text : fence.body;
  if (isPlaceholderEcho(normalised)) {
    return { ok: false, reason: `the content ${quoteForReason(normalised)} repeats a placeholder instead of a value` };
  }
  return { ok: true, text: normalised, fenceInfo: fence?.info };
}

/** Removes every HTML comment at the start of the text (with the whitespace around them). */
export function stripScaffoldComments(text: string): string {
  let start = 0;
  for (;;) {
    while (start < text.length && isWhitespace(text.charCodeAt(start))) start++;
    if (!text.startsWith('<!--', start)) break;
    const end = text.indexOf('-->', start + 4);
    if (end < 0) break; // An unclosed comment is content, not scaffold.
    start = end + 3;
  }
  return text.slice(start);
}

const OPENING_FENCE = /^(`{3,}|~{3,})[ \t]*([^`\r\n]*?)[ \t]*$/;

/**
 * When the whole (already trimmed) text is exactly one fenced code block, returns its body and
 * info string; otherwise `undefined`. The block's closer is the first line after the opener made
 * of the same fence character, at least as long, and nothing else (CommonMark) — so two blocks
 * back to back, or a block followed by prose, are not one block.
 */
export function stripEnclosingFence(text: string): { body: string; info: string } | undefined {
  const lines = text.split(/\r?\n/);
  if (lines.length < 2) return undefined;
  const opener = OPENING_FENCE.exec(lines[0] as string);
  if (opener === null) return undefined;
  const marker = opener[1] as string;
  const info = opener[2] as string;
  // A backtick fence's info string cannot contain backticks (the regex rules them out).
  const fenceChar = marker[0] as string;
  for (let i = 1; i < lines.length; i++) {
    if (isClosingFence(lines[i] as string, fenceChar, marker.length)) {
      if (i !== lines.length - 1) return undefined;
      const body = lines.slice(1, i).join('\n');
      return { body: body.replace(/^(?:[ \t]*\n)+/, '').trimEnd(), info };
    }
  }
  return undefined;
}

function isClosingFence(line: string, fenceChar: string, minLength: number): boolean {
  const trimmed = line.trim();
  if (trimmed.length < minLength) return false;
  for (let i = 0; i < trimmed.length; i++) if (trimmed[i] !== fenceChar) return false;
  // CommonMark allows at most three spaces of indentation before a closer.
  return line.length - line.trimStart().length <= 3;
}

/**
 * Whether a (trimmed) text is only a placeholder in angle brackets copied from the instructions,
 * such as `<your summary here>`, `<string>` or `< a one-line status >`. Autolinks
 * (`<https://…>`, `<a@b.c>`), closing and self-closing tags, comments, declarations, tags with
 * attributes and bare HTML element names (`<b>`) are not placeholders: they are content.
 */
export function isPlaceholderEcho(text: string): boolean {
  const match = /^<([^<>\r\n]+)>$/.exec(text.trim());
  if (match === null) return false;
  const inner = (match[1] as string).trim();
  if (inner === '') return false;
  if (/^[/!?]/.test(inner) || inner.endsWith('/')) return false;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\S/.test(inner)) return false; // <https://…>, <mailto:…>
  if (/^[^\s@]+@[^\s@]+$/.test(inner)) return false; // <someone@example.com>
  // Markup is content, not a placeholder: a tag with attributes (`<img src=x onerror=…>`) or a
  // bare HTML element name (`<b>`, `<svg>`). Placeholders are prose or type names (`<string>`).
  if (/^[A-Za-z][A-Za-z0-9-]*\s+[^\s=]+\s*=/.test(inner)) return false;
  if (HTML_ELEMENTS.has(inner.toLowerCase())) return false;
  return true;
}

const HTML_ELEMENTS: ReadonlySet<string> = new Set(
  (
    'a abbr address article aside audio b bdi bdo blockquote body br button canvas caption cite code col ' +
    'colgroup data dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 ' +
    'h3 h4 h5 h6 head header hr html i iframe img input ins kbd label legend li link main map mark math menu ' +
    'meta meter nav noscript object ol optgroup option output p picture pre progress q rp rt ruby s samp ' +
    'script section select slot small source span strong style sub summary sup svg table tbody td template ' +
    'textarea tfoot th thead time title tr track u ul var video wbr'
  ).split(' '),
);

function quoteForReason(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 0xa0 || code === 0xfeff;
}
