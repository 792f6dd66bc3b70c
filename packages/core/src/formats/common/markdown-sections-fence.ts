/**
 * Code-fence lines inside Markdown sections. The rules match `normaliseSection`'s enclosing-fence
 * rules, so the stream and the final parse agree on where a fenced block starts and ends.
 */

/** An open fenced block: its character and length (a closer must be at least as long). */
export type OpenFence = { char: '`' | '~'; length: number };

const OPENER = /^[ \t]*(`{3,}|~{3,})[ \t]*[^`\n]*$/;

/** The fence a complete line (no line break) opens, or `undefined`. Any indentation is accepted. */
export function fenceOpenerOf(line: string): OpenFence | undefined {
  const match = OPENER.exec(line);
  if (match === null) return undefined;
  const marker = match[1] as string;
  return { char: marker[0] as '`' | '~', length: marker.length };
}

/**
 * Whether a complete line closes `fence`: at most three spaces or tabs of indentation, then only
 * the fence character, at least as many as the opener had (CommonMark), then optional whitespace.
 * (Indentation is spaces and tabs only, so that a line is judged the same however it was chunked.)
 */
export function closesFence(line: string, fence: OpenFence): boolean {
  return closesFenceAt(line, 0, line.length, fence);
}

/** {@link closesFence} for the line `text[start, end)`, without copying it. */
export function closesFenceAt(text: string, start: number, end: number, fence: OpenFence): boolean {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  if (i - start > 3) return false;
  let run = 0;
  while (i < end && text[i] === fence.char) {
    i++;
    run++;
  }
  if (run < fence.length) return false;
  while (i < end && /\s/.test(text[i] as string)) i++;
  return i === end;
}
