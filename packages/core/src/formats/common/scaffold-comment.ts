/** How a held `<` ended: as a whole `<!-- … -->` scaffold comment, or as content after all. */
export type ScaffoldCommentEnd = {
  /** Whether the held text was a scaffold comment (dropped) or not one (content). */
  isComment: boolean;
  /** After a comment, the text that followed `-->`; otherwise everything held, from the `<` on. */
  rest: string;
};

/**
 * Reads what may be a leading `<!-- … -->` scaffold comment, chunk by chunk, from its `<` on. Text
 * is held until it is decided; the search for `-->` resumes where it left off, so each chunk is
 * scanned once. Shared by the text fields of the section and xml_field formats.
 */
export class ScaffoldCommentReader {
  #held = '';
  /** Where the search for `-->` resumes (never inside the opening `<!--`). */
  #scanned = 4;

  /** The text held so far (the comment's opening and body while still undecided). */
  get held(): string {
    return this.#held;
  }

  /** Adds text to the held comment without deciding anything (a line taken as a whole). */
  hold(text: string): void {
    this.#held += text;
  }

  /** Reads more text: `undefined` while undecided, else how it ended. */
  read(text: string): ScaffoldCommentEnd | undefined {
    this.#held += text;
    const held = this.#held;
    if (!held.startsWith('<!--')) {
      if (held.length < 4 && '<!--'.startsWith(held)) return undefined;
      this.reset();
      return { isComment: false, rest: held };
    }
    const end = held.indexOf('-->', this.#scanned);
    if (end < 0) {
      this.#scanned = Math.max(4, held.length - 2);
      return undefined;
    }
    this.reset();
    return { isComment: true, rest: held.slice(end + 3) };
  }

  reset(): void {
    this.#held = '';
    this.#scanned = 4;
  }
}
