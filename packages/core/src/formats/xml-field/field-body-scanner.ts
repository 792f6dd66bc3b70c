import { FIELD_CLOSER, isBlank, judgeFieldCloser, PAYLOAD_CLOSER } from './xml-field-tags';

/** What a chunk of a field's raw text turned out to be. */
export type BodyStep = {
  /** Text that certainly belongs to the field ('' when none). */
  content: string;
  /** The field ended in this chunk. */
  closed: boolean;
  /** After a close: the text that follows the closer (the next opener or `</agently_output>`). */
  rest: string;
};

type State =
  /** Plain content: looking for the next `<`. */
  | 'content'
  /** `held` is a proper prefix of `</field>` or `</agently_output>`. */
  | 'tag'
  /** `held` is `</field>`, blanks, then maybe the start of what follows (at `lookahead`). */
  | 'field-closer'
  /** `held` is `</agently_output>` then blanks, inside a field whose `</field>` is missing. */
  | 'payload-closer';

/**
 * Finds where a field's content ends, incrementally, by the rules of `findFieldClose`: a
 * `</field>` is held back with the blanks after it until what follows shows whether it closes
 * the field (a field opener, `</agently_output>`, or the end) or is content. Nothing that could
 * still be a closer is ever released as content. Held text is bounded by a tag's length plus
 * blanks, and each character is examined a bounded number of times.
 */
export class FieldBodyScanner {
  #state: State = 'content';
  #held = '';
  /** In `field-closer`: where the first non-blank character after the closer sits in `held`. */
  #lookahead = -1;

  push(text: string): BodyStep {
    let content = '';
    let input = text;
    let pos = 0;
    while (pos < input.length) {
      switch (this.#state) {
        case 'content': {
          const lt = input.indexOf('<', pos);
          if (lt < 0) {
            content += input.slice(pos);
            pos = input.length;
          } else {
            content += input.slice(pos, lt);
            this.#held = '<';
            this.#state = 'tag';
            pos = lt + 1;
          }
          break;
        }
        case 'tag': {
          const candidate = this.#held + (input[pos] as string);
          if (candidate === FIELD_CLOSER) {
            this.#state = 'field-closer';
            this.#lookahead = -1;
          } else if (candidate === PAYLOAD_CLOSER) {
            this.#state = 'payload-closer';
          } else if (!FIELD_CLOSER.startsWith(candidate) && !PAYLOAD_CLOSER.startsWith(candidate)) {
            // Not a closer: release the held text and read this character afresh.
            content += this.#held;
            this.#held = '';
            this.#state = 'content';
            break;
          }
          this.#held = candidate;
          pos++;
          break;
        }
        case 'payload-closer': {
          const start = pos;
          while (pos < input.length && isBlank(input.charCodeAt(pos))) pos++;
          this.#held += input.slice(start, pos);
          if (pos < input.length) {
            // More text follows: this `</agently_output>` was content after all.
            content += this.#held;
            this.#reset();
          }
          break;
        }
        case 'field-closer': {
          if (this.#lookahead < 0) {
            const start = pos;
            while (pos < input.length && isBlank(input.charCodeAt(pos))) pos++;
            this.#held += input.slice(start, pos);
            if (pos === input.length) break;
            this.#lookahead = this.#held.length;
          }
          this.#held += input.slice(pos);
          pos = input.length;
          const verdict = judgeFieldCloser(this.#held, this.#lookahead, false);
          if (verdict === 'undecided') break;
          const after = this.#held.slice(this.#lookahead);
          if (verdict === 'closes') {
            this.#reset();
            return { content, closed: true, rest: after };
          }
          // Content after all: release the closer and its blanks, and re-read what followed.
          content += this.#held.slice(0, this.#lookahead);
          this.#reset();
          input = after;
          pos = 0;
          break;
        }
      }
    }
    return { content, closed: false, rest: '' };
  }

  /**
   * The end of the text. A held `</field>` (with blanks or a half-written tag after it) or
   * `</agently_output>` closes the field; a half-written closer is dropped, not content.
   */
  end(): { closed: boolean } {
    const closed = this.#state === 'field-closer' || this.#state === 'payload-closer';
    this.#reset();
    return { closed };
  }

  #reset(): void {
    this.#state = 'content';
    this.#held = '';
    this.#lookahead = -1;
  }
}
