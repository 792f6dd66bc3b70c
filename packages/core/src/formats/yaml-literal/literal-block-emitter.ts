import { formatPath, type PathSegment, wildcardOf } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import { pathEvent } from '../common/value-events';

/** A literal block's chomping indicator: clip (`|`), strip (`|-`) or keep (`|+`). */
export type Chomping = 'clip' | 'strip' | 'keep';

/**
 * Streams one literal block scalar (`key: |`) as string deltas whose concatenation is the value
 * YAML gives the block. Line breaks are held back until text follows them, because how many of
 * the trailing ones belong to the value depends on the chomping indicator, known only at the end:
 * clip keeps one, strip none, keep all. A trailing high surrogate waits for its pair.
 */
export class LiteralBlockEmitter {
  readonly path: string;
  private readonly wildcard: string;
  private readonly indexes: number[];
  private accumulated = '';
  /** Line breaks not yet released (with the spaces of leading lines of spaces). */
  private heldBreaks = '';
  private heldSurrogate = '';
  private hasContent = false;
  /** The last content line has not ended with a line break yet. */
  private lineOpen = false;
  private closed = false;

  constructor(
    segments: readonly PathSegment[],
    private readonly chomping: Chomping,
  ) {
    this.path = formatPath(segments);
    this.wildcard = wildcardOf(this.path);
    this.indexes = segments.filter((segment): segment is number => typeof segment === 'number');
  }

  /** The value streamed so far. */
  get value(): string {
    return this.accumulated;
  }

  /** De-indented text of the current line. Returns at most one delta. */
  content(text: string): StreamingData[] {
    if (this.closed || text === '') return [];
    let release = this.heldBreaks + this.heldSurrogate + text;
    this.heldBreaks = '';
    this.heldSurrogate = '';
    this.hasContent = true;
    this.lineOpen = true;
    const last = release.charCodeAt(release.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.heldSurrogate = release.slice(-1);
      release = release.slice(0, -1);
    }
    if (release === '') return [];
    this.accumulated += release;
    return [pathEvent(this.path, this.indexes, release, this.accumulated, undefined, this.wildcard)];
  }

  /**
   * A line of spaces only; `text` is what it has beyond the block's indentation. Its spaces are
   * content only if content follows, as the yaml package reads blocks: a block of nothing but
   * such lines is empty lines, and (except under keep chomping) trailing ones no wider than the
   * first content line are dropped (`droppable`). Call {@link lineBreak} after it.
   */
  blankLine(text: string, droppable: boolean): StreamingData[] {
    if (this.closed) return [];
    if (!this.hasContent || (droppable && this.chomping !== 'keep')) {
      this.heldBreaks += text;
      return [];
    }
    return this.content(text);
  }

  /**
   * The end of a line of the block (a content line or an empty one). Returns a delta only for a
   * lone high surrogate that ended the line (it can no longer get its pair).
   */
  lineBreak(): StreamingData[] {
    if (this.closed) return [];
    const lone = this.heldSurrogate;
    this.heldSurrogate = '';
    this.heldBreaks += '\n';
    this.lineOpen = false;
    if (lone === '') return [];
    this.accumulated += lone;
    return [pathEvent(this.path, this.indexes, lone, this.accumulated, undefined, this.wildcard)];
  }

  /**
   * Ends the block: releases the trailing line breaks its chomping keeps, then `done`. When
   * `finalValue` extends what was streamed, the rest is sent as a delta first; either way the
   * `done` value is `finalValue` when given.
   */
  close(source: CompletionSource, finalValue?: string): StreamingData[] {
    if (this.closed) return [];
    this.closed = true;
    const events: StreamingData[] = [];
    const tail = this.heldSurrogate + this.chompedTail();
    if (tail !== '') {
      this.accumulated += tail;
      events.push(pathEvent(this.path, this.indexes, tail, this.accumulated));
    }
    if (finalValue !== undefined && finalValue !== this.accumulated) {
      if (finalValue.startsWith(this.accumulated)) {
        const rest = finalValue.slice(this.accumulated.length);
        events.push(pathEvent(this.path, this.indexes, rest, finalValue));
      }
      this.accumulated = finalValue;
    }
    events.push(pathEvent(this.path, this.indexes, '', this.accumulated, source));
    return events;
  }

  private chompedTail(): string {
    if (this.chomping === 'strip') return '';
    if (!this.hasContent) return this.chomping === 'keep' ? this.heldBreaks.replace(/ +/g, '') : '';
    if (this.chomping === 'clip') return '\n';
    // The last content line always ends with a break, even at the end of the text.
    return this.lineOpen ? '\n' : this.heldBreaks;
  }
}
