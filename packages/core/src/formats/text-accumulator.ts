/** How many chunks are joined into one flat block at a time. */
const BLOCK = 1024;

/**
 * Collects a stream's text in O(1) per chunk without keeping one rope node per chunk alive: every
 * {@link BLOCK} chunks the pending rope is flattened (reading a character makes V8 flatten a rope in
 * place) and appended to the text so far. Fewer live objects keeps garbage collection linear.
 */
export class TextAccumulator {
  #text = '';
  #pending = '';
  #count = 0;

  append(chunk: string): void {
    this.#pending += chunk;
    if (++this.#count < BLOCK) return;
    this.#pending.charCodeAt(0);
    this.#text += this.#pending;
    this.#pending = '';
    this.#count = 0;
  }

  toString(): string {
    if (this.#pending !== '') {
      this.#text += this.#pending;
      this.#pending = '';
      this.#count = 0;
    }
    return this.#text;
  }
}
