import type { PathSegment } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import { normaliseSection } from '../common/normalise-section';
import { ScaffoldCommentReader } from '../common/scaffold-comment';
import { TextFieldEmitter } from '../common/text-field-emitter';

type State =
  /** Only whitespace (and dropped scaffold comments) so far. */
  | 'leading'
  /** Holding what may be a leading `<!-- … -->` scaffold comment. */
  | 'comment'
  /** Holding a first line that may open a fence enclosing the whole content. */
  | 'fence-opener'
  /** Holding a fenced block that may enclose the whole content. */
  | 'fenced'
  /** The fenced block closed; held until text after it shows it did not enclose everything. */
  | 'after-fence'
  /** Streaming through the emitter. */
  | 'content';

/** The whitespace `stripScaffoldComments` skips between comments. */
const SCAFFOLD_SPACE = /^[ \t\n\r\f\u00a0\ufeff]*/;
const LEADING_SPACE = /^\s*/;
const OPENING_FENCE = /^(`{3,}|~{3,})[ \t]*([^`\r\n]*?)[ \t]*$/;

/**
 * Streams one `type="text"` field as deltas of its normalised value (`normaliseSection`): leading
 * scaffold comments are dropped, and a fenced block that may enclose the whole content is held
 * until it is known whether it does (then its body is released at once, as the final parse gives
 * it). Everything else streams as it arrives, trimmed by the {@link TextFieldEmitter}.
 */
export class XmlTextField {
  readonly #emitter: TextFieldEmitter;
  /**
   * The raw content while normalisation may still remove some of it (to compute the value at the
   * close). Once streaming, the value is the trimmed streamed text, so nothing more is kept.
   */
  #raw: string[] = [];
  #state: State = 'leading';
  #held = '';
  /** Comments count only before any other whitespace than `stripScaffoldComments` skips. */
  #commentsAllowed = true;
  readonly #comment = new ScaffoldCommentReader();
  /** In `fenced`: the opener's fence, and where the search for its closing line resumes. */
  #fence: { char: string; length: number } | undefined;
  #scanned = 0;

  constructor(segments: readonly PathSegment[]) {
    this.#emitter = new TextFieldEmitter(segments);
  }

  /** The value streamed so far. */
  get value(): string {
    return this.#emitter.value;
  }

  /** More content of the field. */
  push(text: string): StreamingData[] {
    if (this.#state !== 'content') this.#raw.push(text);
    let rest = text;
    while (rest !== '') {
      switch (this.#state) {
        case 'leading':
          rest = this.#leading(rest);
          break;
        case 'comment': {
          const end = this.#comment.read(rest);
          if (end === undefined) return [];
          this.#state = end.isComment ? 'leading' : 'content';
          rest = end.rest;
          break;
        }
        case 'fence-opener':
          rest = this.#fenceOpener(rest);
          break;
        case 'fenced':
          this.#held += rest;
          rest = this.#findFenceCloser();
          break;
        case 'after-fence':
          this.#held += rest;
          rest = /\S/.test(rest) ? this.#releaseAndContinue() : '';
          break;
        case 'content':
          if (this.#raw.length > 0) this.#raw = [];
          return this.#emitter.append(rest);
      }
    }
    return [];
  }

  /**
   * Ends the field. The `done` value is `finalValue` when given (the final parse), else the
   * field's own normalised value (or the trimmed text streamed, when normalisation rejects it).
   */
  close(source: CompletionSource, finalValue?: string): StreamingData[] {
    let value = finalValue;
    // While streaming, the normalised value is the streamed text (trimmed by the emitter).
    if (value === undefined && this.#state !== 'content') {
      const raw = this.#raw.join('');
      const normalised = normaliseSection(raw);
      value = normalised.ok ? normalised.text : raw.trim();
    }
    return this.#emitter.close(source, value);
  }

  #leading(text: string): string {
    const scaffold = (SCAFFOLD_SPACE.exec(text) as RegExpExecArray)[0].length;
    const space = (LEADING_SPACE.exec(text) as RegExpExecArray)[0].length;
    if (space === text.length) {
      if (scaffold < space) this.#commentsAllowed = false;
      return '';
    }
    const first = text[space];
    if (first === '<' && this.#commentsAllowed && scaffold === space) this.#state = 'comment';
    else if (first === '`' || first === '~') this.#state = 'fence-opener';
    else this.#state = 'content';
    return text.slice(space);
  }

  #fenceOpener(text: string): string {
    this.#held += text;
    const held = this.#held;
    const newline = held.indexOf('\n');
    if (newline < 0) {
      // Wait while the line can still open a fence (three backticks or tildes so far).
      const char = held[0] as string;
      const run = Math.min(3, held.length);
      if (held.slice(0, run) === char.repeat(run)) return '';
      return this.#releaseAndContinue();
    }
    const opener = OPENING_FENCE.exec(held.slice(0, newline).replace(/\r$/, ''));
    if (opener === null) return this.#releaseAndContinue();
    const marker = opener[1] as string;
    this.#fence = { char: marker[0] as string, length: marker.length };
    this.#state = 'fenced';
    this.#scanned = newline + 1;
    return this.#findFenceCloser();
  }

  /**
   * In `fenced`: looks for the first closing fence line among the complete lines not yet seen.
   * Returns the held text when visible text after that line shows the fence does not enclose all.
   */
  #findFenceCloser(): string {
    const fence = this.#fence as { char: string; length: number };
    const held = this.#held;
    for (let newline = held.indexOf('\n', this.#scanned); newline >= 0; newline = held.indexOf('\n', this.#scanned)) {
      const line = held.slice(this.#scanned, newline);
      this.#scanned = newline + 1;
      if (closesFence(line, fence)) {
        this.#state = 'after-fence';
        return /\S/.test(held.slice(this.#scanned)) ? this.#releaseAndContinue() : '';
      }
    }
    return '';
  }

  /** The held text is not removable after all: it streams, and so does everything after it. */
  #releaseAndContinue(): string {
    const held = this.#held;
    this.#held = '';
    this.#state = 'content';
    return held;
  }
}

/** A closing fence line: the same character, at least as long, at most three spaces before it. */
function closesFence(line: string, fence: { char: string; length: number }): boolean {
  const trimmed = line.trim();
  if (trimmed.length < fence.length) return false;
  for (let i = 0; i < trimmed.length; i++) if (trimmed[i] !== fence.char) return false;
  return line.length - line.trimStart().length <= 3;
}
