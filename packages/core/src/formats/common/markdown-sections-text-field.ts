import type { PathSegment } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import { fenceOpenerOf } from './markdown-sections-fence';
import { SectionContent } from './markdown-sections-split';
import { textSectionValue } from './markdown-sections-values';
import { ScaffoldCommentReader } from './scaffold-comment';
import { TextFieldEmitter } from './text-field-emitter';

type State =
  /** Only whitespace so far: scaffold comments may still be stripped. */
  | 'leading'
  /** Inside what may be a leading `<!-- … -->` scaffold comment (held). */
  | 'comment'
  /** After whitespace that ends comment stripping; still before the content. */
  | 'trimming'
  /**
   * The content starts with a backtick or tilde on a line the scanner did not take for a fence
   * (inline code, or odd indentation): held to the end of that line, which decides whether the
   * final parser will see a fence opener there.
   */
  | 'first-line'
  /** …it will: held whole until the section ends (rare: the stream cannot tell how it ends). */
  | 'held'
  /** The content opened with a fence: held until it is known whether the block encloses it all. */
  | 'fenced'
  /** The leading fenced block closed; held until more content shows it was not the whole content. */
  | 'after-fence'
  /** Streaming. */
  | 'content'
  /** A fence opener with only whitespace after it so far (maybe a stray closer of a wrapper). */
  | 'dangling';

/** Whitespace that `stripScaffoldComments` skips between scaffold comments. */
const SCAFFOLD_SPACE = /[^ \t\n\r\f\u00a0\ufeff]/;
const VISIBLE = /\S/;

/**
 * Streams one text section as deltas of its normalised value (see `normaliseSection`): text that
 * normalisation may still remove — a leading scaffold comment, a fence that may enclose the whole
 * content, a fence opener with nothing after it yet — is held back until it is decided, and the
 * `done` value is what the final parser gives for the same content.
 *
 * Nothing but the held text is kept, except after a stripped scaffold comment or unusual leading
 * whitespace: there a fence may start mid-line where the final parser (which strips first, then
 * looks at lines) sees a fence line, so the rest of the content is recorded and normalised on close.
 */
export class TextSectionStream {
  private readonly emitter: TextFieldEmitter;
  /** The content from the first point where the stream may read it differently from the final parser. */
  private recorded: SectionContent | undefined;
  private state: State = 'leading';
  private held = '';
  private readonly comment = new ScaffoldCommentReader();
  private pending = '';

  /**
   * @param readsFencedJson whether a ```json fence enclosing the whole content may hold the value
   *   as JSON (`null` or a string literal); `false` under a ` [text]` header.
   */
  constructor(
    segments: readonly PathSegment[],
    private readonly readsFencedJson = true,
  ) {
    this.emitter = new TextFieldEmitter(segments);
  }

  /** The text streamed so far. */
  get value(): string {
    return this.emitter.value;
  }

  text(text: string): void {
    this.recorded?.text(text);
    if (this.state === 'content') {
      this.pending += text; // the common case, first
      return;
    }
    let rest = text;
    while (rest !== '') {
      switch (this.state) {
        case 'leading': {
          const start = rest.search(SCAFFOLD_SPACE);
          if (start < 0) return;
          rest = rest.slice(start);
          const first = rest[0] as string;
          if (first === '<') this.state = 'comment';
          else if (first === '`' || first === '~') this.state = 'first-line';
          else if (VISIBLE.test(first)) this.state = 'content';
          else {
            this.state = 'trimming';
            this.record(rest);
          }
          break;
        }
        case 'comment': {
          const end = this.comment.read(rest);
          if (end === undefined) return;
          if (end.isComment) {
            this.state = 'leading';
            this.record(end.rest);
          } else this.state = 'content';
          rest = end.rest;
          break;
        }
        case 'trimming': {
          const start = rest.search(VISIBLE);
          if (start < 0) return;
          rest = rest.slice(start);
          this.state = rest[0] === '`' || rest[0] === '~' ? 'first-line' : 'content';
          break;
        }
        case 'content':
          this.pending += rest;
          return;
        case 'first-line':
          this.firstLine(rest);
          return;
        case 'fenced':
        case 'held':
          this.held += rest;
          return;
        case 'after-fence':
        case 'dangling':
          this.held += rest;
          if (VISIBLE.test(rest)) this.release();
          return;
      }
    }
  }

  fence(line: string, role: 'open' | 'close'): void {
    this.recorded?.fence(line, role);
    switch (this.state) {
      case 'leading':
      case 'trimming':
        this.state = 'fenced';
        this.held = line;
        return;
      case 'comment':
        this.comment.hold(line);
        return;
      case 'held':
      case 'first-line':
        this.held += line;
        return;
      case 'fenced':
        this.held += line;
        this.state = 'after-fence';
        return;
      case 'after-fence':
        this.release();
        this.holdOpener(line);
        return;
      case 'content':
        if (role === 'open') this.holdOpener(line);
        else this.pending += line;
        return;
      case 'dangling':
        this.held += line;
        this.release();
        return;
    }
  }

  /** The deltas for the text accepted since the last flush (at most one event). */
  flush(): StreamingData[] {
    if (this.pending === '') return [];
    const text = this.pending;
    this.pending = '';
    return this.emitter.append(text);
  }

  /**
   * Ends the section. The `done` value is `finalValue` when given (the authoritative final parse),
   * else the section's own normalised value. It is `null` only for a ```json fence holding `null`,
   * which is held (never streamed) until here, like every section that opens with a fence.
   */
  close(source: CompletionSource, finalValue?: string | null): StreamingData[] {
    const events = this.flush();
    let value = finalValue;
    if (value === undefined) {
      // The text the section's value comes from, when it is not simply what was streamed.
      const content = this.recorded?.build() ?? this.heldContent();
      if (content !== undefined) {
        const own = textSectionValue(content, this.readsFencedJson);
        value =
          own.kind === 'value' && (typeof own.value === 'string' || own.value === null) ? own.value : content.trim();
      }
    }
    events.push(...this.emitter.close(source, value));
    return events;
  }

  /** The held text the value comes from, in the states that hold the section's opening. */
  private heldContent(): string | undefined {
    if (this.state === 'comment') return this.comment.held;
    if (this.state === 'fenced' || this.state === 'after-fence' || this.state === 'first-line') return this.held;
    return undefined;
  }

  /** Starts recording the content at `text` (the part of the current piece not yet consumed). */
  private record(text: string): void {
    if (this.recorded !== undefined) return;
    this.recorded = new SectionContent();
    this.recorded.text(text);
  }

  /** Holds the first line; at its end, streams on, or holds the section if it opens a fence. */
  private firstLine(text: string): void {
    this.held += text;
    const newline = text.indexOf('\n');
    if (newline < 0) return;
    const line = this.held.slice(0, this.held.length - (text.length - newline));
    if (fenceOpenerOf(line) === undefined) {
      this.release();
      return;
    }
    this.state = 'held';
    this.record(this.held);
  }

  private holdOpener(line: string): void {
    this.state = 'dangling';
    this.held = line;
  }

  private release(): void {
    this.pending += this.held;
    this.held = '';
    this.state = 'content';
  }
}
