type Slot = 1 | 2 | 3 | 4 | 5;

/** Entries a block holds: its array (6 144 slots, 48 KB) stays well under the large-object size. */
const BLOCK_ENTRIES = 1024;
const WIDTH = 6;
const BLOCK_SLOTS = BLOCK_ENTRIES * WIDTH;

/**
 * The event log's storage: entries of a tag and five slots, kept in fixed-size blocks. One
 * growing array would land in V8's large-object space past ~128 KB, where every store costs
 * several times more, and each growth copies it whole (decision 0014).
 */
export class LogEntries {
  #blocks: unknown[][] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** Appends an entry; returns its index. */
  append(tag: number, a: unknown, b: unknown, c: unknown, d?: unknown, e?: unknown): number {
    const entry = this.#size++;
    const offset = (entry % BLOCK_ENTRIES) * WIDTH;
    if (offset === 0) this.#blocks.push(new Array(BLOCK_SLOTS));
    const block = this.#blocks[this.#blocks.length - 1] as unknown[];
    block[offset] = tag;
    block[offset + 1] = a;
    block[offset + 2] = b;
    block[offset + 3] = c;
    block[offset + 4] = d;
    block[offset + 5] = e;
    return entry;
  }

  tag(entry: number): number {
    return this.#block(entry)[(entry % BLOCK_ENTRIES) * WIDTH] as number;
  }

  /** Slot 1 to 5 of an entry. */
  get(entry: number, slot: Slot): unknown {
    return this.#block(entry)[(entry % BLOCK_ENTRIES) * WIDTH + slot];
  }

  set(entry: number, slot: Slot, value: unknown): void {
    this.#block(entry)[(entry % BLOCK_ENTRIES) * WIDTH + slot] = value;
  }

  /** Drops the last block's unused capacity (the log grows no more). */
  trim(): void {
    const last = this.#blocks.length - 1;
    const used = this.#size % BLOCK_ENTRIES;
    if (last >= 0 && used > 0) this.#blocks[last] = (this.#blocks[last] as unknown[]).slice(0, used * WIDTH);
  }

  #block(entry: number): unknown[] {
    return this.#blocks[Math.floor(entry / BLOCK_ENTRIES)] as unknown[];
  }
}
