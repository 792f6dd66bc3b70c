import { indexOfTag, partialTagStart, tagAt } from '../reasoning/tag-match';
import type { DeltaParts } from './openai-chat-chunk';

// Gemini's OpenAI-compatible endpoint with `include_thoughts` streams thought text as
// `delta.content`, flagged `extra_content.google.thought: true`, wrapped in `<thought>…</thought>`:
// the opener starts the first flagged delta, the closer is glued to the first answer delta (which
// is not flagged) or split across deltas (`</thou` + `ght>…`).

const OPEN_TAG = '<thought>';
const CLOSE_TAG = '</thought>';

type State =
  /** Content is answer text; a flagged delta starts a thought block. */
  | 'answer'
  /** A flagged delta began with (part of) `<thought>`: held until it is known. */
  | 'opening'
  /** Inside `<thought>`: reasoning until `</thought>`, whatever the flags say. */
  | 'tagged'
  /** Flagged deltas without the tags: the flag alone routes the text. */
  | 'flagged';

/**
 * Routes Gemini's tagged thought text to reasoning and keeps the answer clean. Text outside the
 * tags is passed through exactly; only a possible partial tag is held back between deltas.
 */
export class GeminiThoughts {
  #state: State = 'answer';
  #held = '';

  /** One delta's content text and whether the delta is flagged as a thought. */
  push(text: string, thought: boolean): DeltaParts {
    const out: DeltaParts = { text: '', reasoning: '' };
    let rest = text;
    if (this.#state === 'flagged' && !thought) this.#state = 'answer';
    if (this.#state === 'answer') {
      if (!thought || rest === '') {
        out.text = rest;
        return out;
      }
      this.#state = 'opening';
    }
    if (this.#state === 'opening') rest = this.#open(rest);
    if (this.#state === 'flagged') out.reasoning += rest;
    else if (this.#state === 'tagged') this.#reason(rest, out);
    return out;
  }

  /** End of the stream: a held partial tag was thought text after all. */
  finish(): DeltaParts {
    const reasoning = this.#held;
    this.#held = '';
    this.#state = 'answer';
    return { text: '', reasoning };
  }

  #open(chunk: string): string {
    const text = this.#held + chunk;
    this.#held = '';
    if (text.length < OPEN_TAG.length && partialTagStart(text, 0, OPEN_TAG) === 0) {
      this.#held = text;
      return '';
    }
    if (tagAt(text, 0, OPEN_TAG)) {
      this.#state = 'tagged';
      return text.slice(OPEN_TAG.length);
    }
    this.#state = 'flagged';
    return text;
  }

  #reason(chunk: string, out: DeltaParts): void {
    const text = this.#held + chunk;
    this.#held = '';
    const close = indexOfTag(text, CLOSE_TAG, 0);
    if (close >= 0) {
      out.reasoning += text.slice(0, close);
      this.#state = 'answer';
      out.text += text.slice(close + CLOSE_TAG.length);
      return;
    }
    const partial = partialTagStart(text, Math.max(0, text.length - CLOSE_TAG.length + 1), CLOSE_TAG);
    const end = partial >= 0 ? partial : text.length;
    out.reasoning += text.slice(0, end);
    this.#held = text.slice(end);
  }
}
