import { isEndMarkerLine, YAML_END_MARKER } from './yaml-markers';

/** What the text of a literal block's line means, as far as it is known. */
export type LiteralLineStep =
  /** Not decided yet: the text so far is indentation, or could still be the end marker. */
  | { kind: 'wait' }
  /** De-indented content of the block. */
  | { kind: 'content'; text: string }
  /**
   * The line ended (after `text`, de-indented content not released before). `blankWidth` is set
   * for a line of spaces only: how many it had.
   */
  | { kind: 'line-break'; text: string; blankWidth?: number }
  /** The line is the end marker: the payload is over. */
  | { kind: 'end-marker' }
  /** The line is less indented than the block: the block is over and `line` is read afresh. */
  | { kind: 'outdent'; line: string; complete: boolean };

const WAIT: LiteralLineStep = { kind: 'wait' };

/**
 * Reads the lines of one literal block scalar, piece by piece. The block's indentation is the
 * explicit indicator, else that of its first non-empty line. A line is held only while it is
 * indentation or could still be the end marker; after that its text passes straight through.
 */
export class LiteralLine {
  #indent: number | undefined;
  #held = '';
  /** Leading spaces of `#held` already counted. */
  #spaces = 0;
  #mode: 'start' | 'content' | 'skip' = 'start';
  #contentIndent: number | undefined;

  constructor(
    explicitIndent: number | undefined,
    /** The payload ends with the end marker (not a fence), and column-0 fence lines are dropped. */
    private readonly markers: boolean,
  ) {
    this.#indent = explicitIndent;
  }

  /** The indentation of the block's first line with content (after its leading blank lines). */
  get contentIndent(): number | undefined {
    return this.#contentIndent;
  }

  /** Whether the current line has any text yet. */
  get started(): boolean {
    return this.#mode !== 'start' || this.#held !== '';
  }

  /** More text of the current line (no line break inside). */
  text(piece: string): LiteralLineStep {
    if (this.#mode === 'content') return { kind: 'content', text: piece };
    if (this.#mode === 'skip') return WAIT;
    this.#held += piece;
    return this.#decide(false);
  }

  /** The current line ended; the next call reads a new line. */
  end(): LiteralLineStep {
    const mode = this.#mode;
    const step: LiteralLineStep =
      mode === 'content' ? { kind: 'line-break', text: '' } : mode === 'skip' ? WAIT : this.#decide(true);
    this.#held = '';
    this.#spaces = 0;
    this.#mode = 'start';
    return step;
  }

  #decide(atEnd: boolean): LiteralLineStep {
    const held = this.#held;
    let spaces = this.#spaces;
    while (spaces < held.length && held.charCodeAt(spaces) === 32) spaces++;
    this.#spaces = spaces;
    if (spaces === held.length) {
      if (!atEnd) return WAIT;
      // A blank line; spaces beyond the block's indentation are content.
      const indent = this.#indent;
      const text = indent !== undefined && spaces > indent ? held.slice(indent) : '';
      return { kind: 'line-break', text, blankWidth: spaces };
    }
    // Indented at least as deep as the block's content, a line is the block's text, even one that
    // reads like the end marker (LiteralBlockTracker: the final parse reads it the same way).
    const inside = spaces > 0 && (this.#indent === undefined || spaces >= this.#indent);
    if (this.markers && !inside) {
      if (atEnd && isEndMarkerLine(held)) return { kind: 'end-marker' };
      if (!atEnd && couldBecomeEndMarker(held.slice(spaces))) return WAIT;
    }
    if (spaces === 0) {
      if (this.markers && held.startsWith('`')) {
        if (held.startsWith('```')) {
          this.#mode = 'skip';
          return WAIT;
        }
        if (!atEnd && '```'.startsWith(held)) return WAIT;
      }
      return { kind: 'outdent', line: held, complete: atEnd };
    }
    if (this.#indent === undefined) this.#indent = spaces;
    if (spaces < this.#indent) return { kind: 'outdent', line: held, complete: atEnd };
    this.#contentIndent ??= spaces;
    const text = held.slice(this.#indent);
    this.#held = '';
    this.#mode = 'content';
    return atEnd ? { kind: 'line-break', text } : { kind: 'content', text };
  }
}

function couldBecomeEndMarker(body: string): boolean {
  if (body.length <= YAML_END_MARKER.length) return YAML_END_MARKER.startsWith(body);
  return body.startsWith(YAML_END_MARKER) && /^[ \t]*$/.test(body.slice(YAML_END_MARKER.length));
}
