import { foldCase } from './secret-forms';
import type { SubstringAutomaton } from './substring-automaton';

/** Receives the characters `[from, to)` of a text that wrote a piece of a secret. */
export type CoveredRun = (from: number, to: number) => void;

/** How letters are compared: folded to lower case (the automaton's texts are folded too), or as written. */
export type LetterCase = 'any case' | 'as written';

/**
 * Finds, in a sequence of code units each written as some characters of a text, every run of
 * `minPiece` or more units that the automaton recognises, letters compared as `letters` says.
 * After each unit, `run` is the longest run ending there that it recognises; such runs start at
 * non-decreasing units, so the text before {@link frontier} can no longer become part of a
 * covered run.
 */
export class PieceMatcher {
  private state = 0;
  private run = 0;
  /** Where each of the last units was written (a ring as long as the longest run can be). */
  private readonly starts: number[];
  private readonly next: Map<number, number>[];
  private readonly link: number[];
  private readonly length: number[];
  private fed = 0;
  private runStart = 0;
  private coveredTo = 0;

  constructor(
    automaton: SubstringAutomaton,
    private readonly minPiece: number,
    private readonly cover: CoveredRun,
    private readonly letters: LetterCase,
  ) {
    ({ next: this.next, link: this.link, length: this.length } = automaton);
    this.starts = new Array<number>(automaton.longest + 1).fill(0);
  }

  /** The text before this is final: not part of the current run, or covered already. */
  get frontier(): number {
    return Math.max(this.runStart, this.coveredTo);
  }

  /** Whether no run is under way: the last unit continued no piece. */
  get resting(): boolean {
    return this.run === 0;
  }

  /**
   * Takes the state of `leader`, a matcher of the same automaton that read the same units since
   * both last rested: as if this one had read them too. Costs the length of the current run.
   */
  follow(leader: PieceMatcher): void {
    const ring = this.starts.length;
    for (let back = 1; back <= leader.run; back++)
      this.starts[(leader.fed - back) % ring] = leader.starts[(leader.fed - back) % ring]!;
    this.fed = leader.fed;
    this.state = leader.state;
    this.run = leader.run;
    this.runStart = leader.runStart;
    this.coveredTo = leader.coveredTo;
  }

  feed(written: number, from: number, to: number): void {
    const { next, link, length } = this;
    let { state, run } = this;
    const unit = this.letters === 'any case' ? foldCase(written) : written;
    let target = next[state]!.get(unit);
    while (target === undefined && state !== 0) {
      state = link[state]!;
      run = length[state]!;
      target = next[state]!.get(unit);
    }
    if (target === undefined) run = 0;
    else {
      state = target;
      run++;
    }
    const ring = this.starts.length;
    this.starts[this.fed % ring] = from;
    this.fed++;
    this.state = state;
    this.run = run;
    if (run === 0) {
      this.runStart = to;
      return;
    }
    this.runStart = run === 1 ? from : this.starts[(this.fed - run) % ring]!;
    if (run >= this.minPiece) {
      this.cover(this.runStart, to);
      this.coveredTo = to;
    }
  }
}
