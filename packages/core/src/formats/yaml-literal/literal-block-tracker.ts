/**
 * Follows literal (and folded) block scalars line by line, so that a line inside one is never
 * taken for a marker: an indented `<<<END AGENTLY_YAML>>>` inside `note: |` is the note's text
 * (the instructions promise that nothing inside a literal block needs escaping). A line belongs
 * to the block while it is blank or indented at least as deep as the block's content (the
 * explicit indentation indicator, else the first non-blank line's indentation, which must be
 * deeper than the line that opened the block). Both yaml_literal parsers use the same rule.
 */
export class LiteralBlockTracker {
  /** Indentation of the line that opened the current block; undefined outside a block. */
  #parent: number | undefined;
  #content: number | undefined;

  /** Whether `line` (a whole line) is a line of the current block. Reads `line` either way. */
  contains(line: string): boolean {
    const indent = leadingSpaces(line);
    const blank = indent === line.length || line.trim() === '';
    if (this.#parent !== undefined) {
      if (blank) return true;
      this.#content ??= indent > this.#parent ? indent : undefined;
      if (this.#content !== undefined && indent >= this.#content) return true;
    }
    const header = BLOCK_HEADER.exec(line);
    this.#parent = header === null ? undefined : indent;
    const explicit = header?.[1]?.match(/[1-9]/)?.[0];
    this.#content = explicit === undefined || this.#parent === undefined ? undefined : this.#parent + Number(explicit);
    return false;
  }
}

/** A line ending in a block scalar header: `key: |`, `- |-`, `key: >2`, an optional comment. */
const BLOCK_HEADER = /(?:^[ \t]*-|[^ \t]:|[ \t]-)[ \t]+[|>]([1-9][+-]?|[+-][1-9]?)?[ \t]*(?:#.*)?$/;

function leadingSpaces(line: string): number {
  let count = 0;
  while (count < line.length && line.charCodeAt(count) === 32) count++;
  return count;
}
