/**
 * The suffix automaton of a few strings (a generalized one): it recognises exactly the substrings of
 * any of them. Built in time linear in their total length; a scan follows `next` and, on a miss,
 * `link` to the longest shorter suffix still recognised (whose length is `length`).
 */
export class SubstringAutomaton {
  /** Per state: its transitions (by UTF-16 code unit), suffix link and longest length. */
  readonly next: Map<number, number>[] = [new Map()];
  readonly link: number[] = [-1];
  readonly length: number[] = [0];
  /** The length of the longest text: no run it recognises is longer. */
  readonly longest: number;

  constructor(texts: readonly string[]) {
    this.longest = Math.max(0, ...texts.map((text) => text.length));
    for (const text of texts) {
      let last = 0;
      for (let i = 0; i < text.length; i++) last = this.extend(last, text.charCodeAt(i));
    }
  }

  /** Adds code unit `c` after state `last` (the string read so far); returns the state of the longer string. */
  private extend(last: number, c: number): number {
    const existing = this.next[last]!.get(c);
    // The longer string is already recognised (a substring of an earlier text): reuse or split its state.
    if (existing !== undefined)
      return this.length[last]! + 1 === this.length[existing] ? existing : this.split(last, c);
    const current = this.add(this.length[last]! + 1);
    let p = last;
    while (p !== -1 && !this.next[p]!.has(c)) {
      this.next[p]!.set(c, current);
      p = this.link[p]!;
    }
    if (p === -1) this.link[current] = 0;
    else {
      const q = this.next[p]!.get(c)!;
      this.link[current] = this.length[p]! + 1 === this.length[q] ? q : this.split(p, c);
    }
    return current;
  }

  /** Splits the state `p` reaches by `c` so a state of length `length[p] + 1` exists; returns it. */
  private split(p: number, c: number): number {
    const q = this.next[p]!.get(c)!;
    const clone = this.add(this.length[p]! + 1, new Map(this.next[q]), this.link[q]!);
    for (let state = p; state !== -1 && this.next[state]!.get(c) === q; state = this.link[state]!)
      this.next[state]!.set(c, clone);
    this.link[q] = clone;
    return clone;
  }

  private add(length: number, next = new Map<number, number>(), link = 0): number {
    this.next.push(next);
    this.link.push(link);
    this.length.push(length);
    return this.next.length - 1;
  }
}
