import { EscapeReading } from './escape-reading';
import { HexDecoder } from './hex-decoder';
import { type CoveredRun, PieceMatcher } from './piece-matcher';
import type { SubstringAutomaton } from './substring-automaton';

/** The automata of a secret's forms (see `secretForms`): the caseless secret, and its base64 forms if any. */
export type SecretAutomata = { caseless: SubstringAutomaton; exact: SubstringAutomaton | undefined };

/**
 * One text read five ways, each reading feeding a {@link PieceMatcher} per form it can hold: as
 * written, with its escapes decoded once, and decoded twice (an escape inside an escape), each for
 * the secret in any letter case and for its base64 forms as written ({@link EscapeReading}: text
 * without escapes is matched once); and its hex digits read as UTF-8 bytes paired from a run's
 * first or second digit, for the secret in any letter case.
 */
export class SecretReadings {
  /** The text as written, and through it the text decoded once and twice. */
  private readonly written: EscapeReading;
  /** The hex readings, pairing digits from a run's first and second digit, and their matchers. */
  private readonly hex: [HexDecoder, PieceMatcher][];

  constructor(automata: SecretAutomata, minPiece: number, cover: CoveredRun) {
    const matchers = () => [
      new PieceMatcher(automata.caseless, minPiece, cover, 'any case'),
      ...(automata.exact === undefined ? [] : [new PieceMatcher(automata.exact, minPiece, cover, 'as written')]),
    ];
    const twice = new EscapeReading(matchers());
    const once = new EscapeReading(matchers(), twice);
    this.written = new EscapeReading(matchers(), once);
    this.hex = ([0, 1] as const).map((phase) => {
      const matcher = new PieceMatcher(automata.caseless, minPiece, cover, 'any case');
      return [new HexDecoder(phase, (unit, from, to) => matcher.feed(unit, from, to)), matcher];
    });
  }

  /** Reads the code unit at position `at` of the text. */
  feed(unit: number, at: number): void {
    this.written.feed(unit, at, at + 1);
    for (const [decoder] of this.hex) decoder.feed(unit, at, at + 1);
  }

  /** Reads the escapes still waiting for more units as they are written. */
  end(): void {
    this.written.end();
  }

  /**
   * The text before this can no longer become part of a piece. What is after it is at most the
   * current run of one reading (fewer than `minPiece` units: 7, the first perhaps the second half
   * of a 4-byte character written whole) and an escape not yet complete: up to 7 characters as
   * written, 51 hex digits, 83 characters of escapes (10 a unit, 12 a 4-byte character, 11 pending)
   * and 841 of escapes inside escapes each as long as they can be (100 a unit, 120 a 4-byte
   * character, 121 pending: `&#0000045;` with each of its characters written `&#0000038;`, …).
   * So under a thousand characters whatever the text, a few dozen for escapes as encoders write
   * them, and nothing after a line break: no escape or piece spans one.
   */
  get frontier(): number {
    let frontier = this.written.frontier;
    for (const [decoder, matcher] of this.hex)
      frontier = Math.min(frontier, matcher.resting ? decoder.heldFrom : matcher.frontier);
    return frontier;
  }
}
