import { EscapeDecoder, startsEscape } from './escape-decoder';
import type { PieceMatcher } from './piece-matcher';

/**
 * One reading of a text (as written, or decoded some levels) with its matchers, and the reading of
 * what its escapes decode to, if any. The two read the same units while no escape is under way:
 * from the moment every matcher of both rests and no escape is pending until the next `%`, `\` or
 * `&`, the decoded reading is not fed (it is `tied` to this one) and then takes its matchers'
 * state; so text without escapes is matched once, not once a level.
 */
export class EscapeReading {
  private readonly decoder: EscapeDecoder | undefined;
  private tied = true;

  constructor(
    private readonly matchers: readonly PieceMatcher[],
    private readonly decoded?: EscapeReading,
  ) {
    this.decoder = decoded && new EscapeDecoder((unit, from, to) => decoded.feed(unit, from, to));
  }

  feed(unit: number, from: number, to: number): void {
    const { decoded, decoder } = this;
    if (decoded !== undefined && this.tied && startsEscape(unit)) {
      decoded.follow(this);
      this.tied = false;
    }
    for (const matcher of this.matchers) matcher.feed(unit, from, to);
    if (decoder === undefined || decoded === undefined || this.tied) return;
    decoder.feed(unit, from, to);
    this.tied = decoder.idle && decoded.tied && decoded.resting() && this.resting();
  }

  /** Reads the escapes still waiting for more units as they are written. */
  end(): void {
    this.decoder?.end();
    this.decoded?.end();
  }

  /** The text before this is final for this reading and those decoded from it. */
  get frontier(): number {
    let frontier = this.tied || this.decoded === undefined ? Number.POSITIVE_INFINITY : this.decoded.frontier;
    for (const matcher of this.matchers) frontier = Math.min(frontier, matcher.frontier);
    return frontier;
  }

  /**
   * Takes the state of `leader`'s matchers: they read the same units. (A reading tied to this one
   * is stale until this one unties from it, and then takes this one's state in turn.)
   */
  private follow(leader: EscapeReading): void {
    for (let i = 0; i < this.matchers.length; i++) this.matchers[i]!.follow(leader.matchers[i]!);
  }

  private resting(): boolean {
    return this.matchers.every((matcher) => matcher.resting);
  }
}
