import { DepthLimitError } from '../../errors/errors';
import type { StreamingData } from '../../patch/streaming-data';
import { ScaffoldCommentReader } from '../common/scaffold-comment';
import type { FinalParse } from '../format-parser';
import { JsonStreamParser } from '../json/json-stream-parser';

type State =
  /** Only whitespace and dropped scaffold comments so far. */
  | 'leading'
  /** Holding what may be a leading `<!-- … -->` scaffold comment. */
  | 'comment'
  /** Holding a first line that may be a fence opener (```json), dropped when it is one. */
  | 'fence-opener'
  /** Feeding the JSON tokenizer. */
  | 'json';

const OPENING_FENCE = /^(`{3,}|~{3,})[ \t]*[^`\r\n]*$/;

/**
 * Streams one `type="json"` field through the JSON tokenizer in embedded mode, so its events carry
 * nested paths (`items[0].name`) exactly as in the json format. What normalisation removes before
 * the value — scaffold comments and a fence opener line — is skipped; what follows the value (a
 * closing fence, blanks) is ignored by the tokenizer.
 */
export class XmlJsonField {
  readonly #parser: JsonStreamParser;
  #state: State = 'leading';
  #held = '';
  /** The value's first character (it tells a bare word from a string or container). */
  #first: string | undefined;
  readonly #comment = new ScaffoldCommentReader();

  constructor(name: string, maxDepth: number | undefined) {
    // The field's value sits one level below the answer's root object.
    this.#parser = new JsonStreamParser({
      basePath: [name],
      embedded: true,
      maxDepth: maxDepth === undefined ? undefined : maxDepth - 1,
    });
  }

  /** The value's `done` has been emitted. */
  get isComplete(): boolean {
    return this.#parser.isComplete;
  }

  /** The value so far (structurally shared by the tokenizer). */
  snapshot(): unknown {
    return this.#parser.snapshot();
  }

  push(text: string): StreamingData[] {
    let rest = text;
    while (rest !== '') {
      switch (this.#state) {
        case 'leading': {
          const start = rest.search(/\S/);
          if (start < 0) return [];
          rest = rest.slice(start);
          const first = rest[0];
          this.#state = first === '<' ? 'comment' : first === '`' || first === '~' ? 'fence-opener' : 'json';
          break;
        }
        case 'comment': {
          const end = this.#comment.read(rest);
          if (end === undefined) return [];
          this.#state = end.isComment ? 'leading' : 'json';
          rest = end.rest;
          break;
        }
        case 'fence-opener':
          rest = this.#fenceOpener(rest);
          break;
        case 'json':
          this.#first ??= rest[0];
          return this.#feed(rest);
      }
    }
    return [];
  }

  /**
   * The field's closer was seen: a bare number or literal (`7`, `true`) is complete now, as the
   * closer ends it. A string or container left open waits for the final parse instead.
   */
  close(): StreamingData[] {
    if (this.#state !== 'json' || this.#parser.isComplete) return [];
    // Only a bare word may be ended by a blank: inside a string the blank would be content.
    if (this.#first === undefined || !/[-+.0-9A-Za-z]/.test(this.#first)) return [];
    return this.#feed(' ');
  }

  /** Feeds the tokenizer; a depth error is reported against the answer's own `maxDepth`. */
  #feed(text: string): StreamingData[] {
    try {
      return this.#parser.push(text);
    } catch (error) {
      if (error instanceof DepthLimitError) throw new DepthLimitError(error.maxDepth + 1, error.path);
      throw error;
    }
  }

  /** End of the answer: closes what is still open, with the final parse's values. */
  finish(final: FinalParse | undefined): StreamingData[] {
    return this.#parser.finish(final);
  }

  #fenceOpener(text: string): string {
    this.#held += text;
    const held = this.#held;
    const newline = held.indexOf('\n');
    if (newline < 0) return OPENING_FENCE.test(held) || held.length < 3 ? '' : this.#toJson();
    if (!OPENING_FENCE.test(held.slice(0, newline))) return this.#toJson();
    this.#held = '';
    this.#state = 'json';
    return held.slice(newline + 1);
  }

  #toJson(): string {
    const held = this.#held;
    this.#held = '';
    this.#state = 'json';
    return held;
  }
}
