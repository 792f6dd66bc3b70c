import type { Chomping } from './literal-block-emitter';
import { outside } from './yaml-subset-scalars';

/** A literal block read by {@link readLiteralBlock}. */
export type SubsetLiteral = {
  value: string;
  /** Index of the block's last line (the header when the block is empty). */
  last: number;
  /** The widest line of spaces only among the block's lines (for the nesting bound). */
  blankWidth: number;
};

/** Number of leading spaces of `line`. */
export function leadingSpaces(line: string): number {
  let count = 0;
  while (line.charCodeAt(count) === 32) count++;
  return count;
}

/** Raw characters the fast path leaves to the package: CR (a line break to YAML) and the BOM. */
const UNSAFE_CONTENT = /[\r\uFEFF]/;

/**
 * The literal block scalar whose header (`|`, `|-`, `|+`, no indentation indicator) ends line
 * `header`, inside a node indented `ownerIndent` (its content must be indented more), with the
 * value the `yaml` package gives it:
 * - the block's indentation is that of its first line with content; leading empty lines give `\n`;
 * - it runs until a line with content that is less indented (that line is not the block's);
 * - lines are de-indented (a line of spaces keeps those beyond the indentation) and joined by `\n`;
 * - strip adds nothing, clip one `\n`, keep one `\n` plus one per trailing empty line.
 * Layouts whose reading by the package is subtle leave the subset: leading lines of spaces wider
 * than the first content line, trailing ones wider than the indentation, an empty block under
 * keep chomping, a block ended by a comment line.
 */
export function readLiteralBlock(
  lines: readonly string[],
  header: number,
  ownerIndent: number,
  chomping: Chomping,
): SubsetLiteral {
  let at = header + 1;
  let blankWidth = 0;
  while (at < lines.length) {
    const line = lines[at] as string;
    const spaces = leadingSpaces(line);
    if (spaces < line.length) break;
    blankWidth = Math.max(blankWidth, spaces);
    at++;
  }
  const leading = at - header - 1;
  const first = lines[at];
  const indent = first === undefined ? 0 : leadingSpaces(first);
  if (first === undefined || indent <= ownerIndent) {
    // No content: the block is empty and the line after it (if any) is read afresh.
    if (chomping === 'keep' || first?.[indent] === '#') outside();
    return { value: '', last: at - 1, blankWidth };
  }
  if (blankWidth > indent) outside();
  let lastContent = at;
  let trailingWidth = 0;
  for (at++; at < lines.length; at++) {
    const line = lines[at] as string;
    const spaces = leadingSpaces(line);
    if (spaces === line.length) {
      blankWidth = Math.max(blankWidth, spaces);
      trailingWidth = Math.max(trailingWidth, spaces);
      continue;
    }
    if (spaces < indent) break;
    lastContent = at;
    trailingWidth = 0;
  }
  const next = lines[at];
  if (trailingWidth > indent || (next !== undefined && next[leadingSpaces(next)] === '#')) outside();
  const parts: string[] = [];
  for (let i = header + 1 + leading; i <= lastContent; i++) {
    const line = lines[i] as string;
    if (UNSAFE_CONTENT.test(line)) outside();
    parts.push(line.slice(indent));
  }
  let value = '\n'.repeat(leading) + parts.join('\n');
  if (chomping === 'clip') value += '\n';
  else if (chomping === 'keep') value += '\n'.repeat(at - lastContent);
  return { value, last: at - 1, blankWidth };
}
