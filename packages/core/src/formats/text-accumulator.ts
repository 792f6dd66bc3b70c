/**
 * How many chunks are joined into one flat block at a time: a larger block keeps more rope nodes
 * alive when a scavenge comes, a smaller one makes more blocks to join (decision 0004).
 */
const BLOCK = 256;

/**
 * Collects a stream's text in O(1) per chunk without keeping one rope node per chunk alive: every
 * {@link BLOCK} chunks the pending rope is flattened (reading a character makes V8 flatten a rope in
 * place) and appended to the text so far. Fewer live objects keeps garbage collection linear.
 */
export class TextAccumulator {
  #text = '';
  #pending = '';
  /** Chunks until the next flatten (counted down: no module constant read per chunk). */
  #left = BLOCK;

  append(chunk: string): void {
    this.#pending += chunk;
    if (--this.#left > 0) return;
    this.#pending.charCodeAt(0);
    this.#text += this.#pending;
    this.#pending = '';
    this.#left = BLOCK;
  }

  toString(): string {
    if (this.#pending !== '') {
      this.#text += this.#pending;
      this.#pending = '';
      this.#left = BLOCK;
    }
    return this.#text;
  }
}
