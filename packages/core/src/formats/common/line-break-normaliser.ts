/**
 * Turns CRLF into LF across chunks, as the final parsers read it: a chunk's trailing CR is held,
 * since it may be the first half of a CRLF split by the chunking. Work is proportional to the chunk.
 */
export class LineBreakNormaliser {
  #heldCarriage = false;

  /** The chunk with CRLF read as LF (a trailing CR held back for the next chunk). */
  push(chunk: string): string {
    let text = this.#heldCarriage ? `\r${chunk}` : chunk;
    this.#heldCarriage = text.endsWith('\r');
    if (this.#heldCarriage) text = text.slice(0, -1);
    return text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : text;
  }

  /** End of text: the held CR, if any (a lone CR stays a CR). */
  flush(): string {
    if (!this.#heldCarriage) return '';
    this.#heldCarriage = false;
    return '\r';
  }
}
