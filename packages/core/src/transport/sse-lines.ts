/**
 * Splits a text stream into `text/event-stream` lines (WHATWG HTML §9.2.5): CRLF, a lone LF and a
 * lone CR each end a line, also when a CRLF pair is split across two chunks. A line that spans
 * many chunks is kept as fragments and joined once, so work stays linear in the input.
 */
export class SSELineSplitter {
  readonly #terminator = /\r\n|\r|\n/g;
  readonly #fragments: string[] = [];
  // The previous chunk ended with CR: a LF at the start of the next one completes that CRLF.
  #afterCR = false;
  #pending = 0;

  /** Characters of the line not yet ended. */
  get pending(): number {
    return this.#pending;
  }

  /** Feeds decoded text; calls `onLine` for every line it completes, in order. */
  push(text: string, onLine: (line: string) => void): void {
    if (text === '') return;
    let start = this.#afterCR && text.charCodeAt(0) === 0x0a ? 1 : 0;
    this.#afterCR = false;
    this.#terminator.lastIndex = start;
    for (let match = this.#terminator.exec(text); match !== null; match = this.#terminator.exec(text)) {
      onLine(this.#complete(text.slice(start, match.index)));
      start = this.#terminator.lastIndex;
      if (start === text.length && match[0] === '\r') this.#afterCR = true;
    }
    if (start < text.length) {
      this.#fragments.push(text.slice(start));
      this.#pending += text.length - start;
    }
  }

  /** Ends the input: returns the unterminated last line, if any, and forgets it. */
  end(): string | undefined {
    this.#afterCR = false;
    if (this.#fragments.length === 0) return undefined;
    return this.#complete('');
  }

  #complete(tail: string): string {
    if (this.#fragments.length === 0) return tail;
    this.#fragments.push(tail);
    const line = this.#fragments.join('');
    this.#fragments.length = 0;
    this.#pending = 0;
    return line;
  }
}
