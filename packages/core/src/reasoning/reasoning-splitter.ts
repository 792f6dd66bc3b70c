import { invalid } from '../errors/check-argument';
import { indexOfTag, isSpace, partialTagStart, tagAt, trimSpaceEnd, trimSpaceStart } from './tag-match';

/** Where a {@link ReasoningSplitter} is in the text. */
export type ReasoningState =
  /** Only whitespace and (part of) `<think>` seen so far: it is not yet known whether reasoning follows. */
  | 'detecting'
  /** Inside a leading `<think>` block. */
  | 'reasoning'
  /** Everything from here on is answer text. */
  | 'answer';

/** The text one `push` or `finish` routes to each side. */
export type ReasoningSplit = { reasoning: string; content: string };

const OPEN_TAG = '<think>';
const CLOSE_TAG = '</think>';

/**
 * Splits a stream into a leading `<think>…</think>` block (reasoning) and the answer (content).
 *
 * - The opener counts only as the first non-whitespace text (ASCII case-insensitive). A `<think>`
 *   later in the text is content.
 * - Whitespace decisions (identical under every chunking):
 *   whitespace before `<think>` is dropped; the reasoning is trimmed (whitespace right after
 *   `<think>` and right before `</think>` is not reasoning); whitespace right after `</think>` is
 *   dropped, so the answer starts at its first visible character. Without a `<think>` block the
 *   answer keeps its leading whitespace.
 * - Only text that could still turn out to be a tag (or trimmed whitespace) is held back.
 * - An unclosed `<think>` makes the rest of the text reasoning; `finish` flushes it.
 */
export class ReasoningSplitter {
  #state: ReasoningState = 'detecting';
  /**
   * Held-back whitespace (leading whitespace while detecting; trailing reasoning whitespace), kept
   * as pieces so a long run of whitespace costs O(1) per chunk instead of being re-concatenated.
   */
  #heldSpace: string[] = [];
  /** A held-back partial tag (`<thi`, `</th`): always shorter than the tag. */
  #heldTag = '';
  /** Some reasoning text has been emitted (so leading reasoning whitespace is no longer trimmed). */
  #reasoningStarted = false;
  /** The `</think>` closer was seen; answer whitespace before the first visible char is dropped. */
  #skipAnswerSpace = false;
  #hadReasoning = false;
  #closed = false;

  get state(): ReasoningState {
    return this.#state;
  }

  /** A leading `<think>` block was found (open or closed). */
  get hadReasoning(): boolean {
    return this.#hadReasoning;
  }

  /** Every further chunk is answer text exactly as it comes (a fast path for callers). */
  get passthrough(): boolean {
    return this.#state === 'answer' && !this.#skipAnswerSpace;
  }

  /** The reasoning block's `</think>` has been seen. */
  get reasoningClosed(): boolean {
    return this.#closed;
  }

  push(chunk: string): ReasoningSplit {
    if (typeof chunk !== 'string') throw invalid('ReasoningSplitter.push chunk', 'a string', chunk);
    const out: ReasoningSplit = { reasoning: '', content: '' };
    let text = chunk;
    if (this.#state === 'detecting') text = this.#detect(text, out);
    if (this.#state === 'reasoning') text = this.#reason(text, out);
    if (this.#state === 'answer') out.content += this.#answer(text);
    return out;
  }

  /** End of text: flushes whatever was held back. */
  finish(): ReasoningSplit {
    const space = this.#takeSpace();
    const tag = this.#heldTag;
    this.#heldTag = '';
    const state = this.#state;
    this.#state = 'answer';
    // Still detecting: the whitespace and partial `<thi` were answer text after all.
    if (state === 'detecting') return { reasoning: '', content: space + tag };
    // An unclosed block: a partial `</thi` is reasoning text; trailing whitespace stays trimmed.
    if (state === 'reasoning' && tag !== '')
      return { reasoning: (this.#reasoningStarted ? space : '') + tag, content: '' };
    return { reasoning: '', content: '' };
  }

  /** Leading whitespace, then maybe `<think>`. Returns the text left after the decision. */
  #detect(chunk: string, out: ReasoningSplit): string {
    const text = this.#heldTag + chunk;
    let i = 0;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i === text.length) {
      this.#heldSpace.push(text);
      this.#heldTag = '';
      return '';
    }
    const rest = text.length - i;
    if (rest < OPEN_TAG.length && partialTagStart(text, i, OPEN_TAG) === i) {
      this.#heldSpace.push(text.slice(0, i));
      this.#heldTag = text.slice(i);
      return '';
    }
    this.#heldTag = '';
    if (rest >= OPEN_TAG.length && tagAt(text, i, OPEN_TAG)) {
      this.#state = 'reasoning';
      this.#hadReasoning = true;
      this.#heldSpace = [];
      return text.slice(i + OPEN_TAG.length);
    }
    // Not a think block: everything, leading whitespace included, is answer text.
    this.#state = 'answer';
    out.content += this.#takeSpace() + text;
    return '';
  }

  /** Inside the block: emit reasoning, holding back trailing whitespace and a partial closer. */
  #reason(chunk: string, out: ReasoningSplit): string {
    // Before any reasoning text, leading whitespace is trimmed (so whitespace is never held then).
    const text = this.#reasoningStarted ? this.#heldTag + chunk : trimSpaceStart(this.#heldTag + chunk);
    this.#heldTag = '';
    const close = indexOfTag(text, CLOSE_TAG, 0);
    if (close >= 0) {
      const body = trimSpaceEnd(text.slice(0, close));
      out.reasoning += body === '' ? '' : this.#takeSpace() + body;
      this.#heldSpace = [];
      this.#state = 'answer';
      this.#closed = true;
      this.#skipAnswerSpace = true;
      return text.slice(close + CLOSE_TAG.length);
    }
    const partial = partialTagStart(text, Math.max(0, text.length - CLOSE_TAG.length + 1), CLOSE_TAG);
    const spaceEnd = partial >= 0 ? partial : text.length;
    let keep = spaceEnd;
    while (keep > 0 && isSpace(text.charCodeAt(keep - 1))) keep--;
    if (keep > 0) {
      out.reasoning += this.#takeSpace() + text.slice(0, keep);
      this.#reasoningStarted = true;
    }
    if (spaceEnd > keep) this.#heldSpace.push(text.slice(keep, spaceEnd));
    this.#heldTag = text.slice(spaceEnd);
    return '';
  }

  #answer(text: string): string {
    if (!this.#skipAnswerSpace) return text;
    const answer = trimSpaceStart(text);
    if (answer !== '') this.#skipAnswerSpace = false;
    return answer;
  }

  #takeSpace(): string {
    const space = this.#heldSpace.length === 1 ? (this.#heldSpace[0] as string) : this.#heldSpace.join('');
    this.#heldSpace = [];
    return space;
  }
}

/** Splits a whole text into its leading `<think>` block and the answer (same rules as the splitter). */
export function splitReasoning(text: string): { reasoning: string; answer: string } {
  if (typeof text !== 'string') throw invalid('splitReasoning text', 'a string', text);
  const splitter = new ReasoningSplitter();
  const first = splitter.push(text);
  const last = splitter.finish();
  return { reasoning: first.reasoning + last.reasoning, answer: first.content + last.content };
}
