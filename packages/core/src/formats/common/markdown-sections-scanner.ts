import { closesFence, fenceOpenerOf, type OpenFence } from './markdown-sections-fence';
import type { SectionHeader, SectionHeaderMatcher } from './markdown-sections-header';

/** Receives a Markdown-section text, split into headers, fence lines and other content. */
export interface MarkdownSectionSink {
  /**
   * A recognised header line (outside any fenced block) is complete: a new section starts. The
   * offsets (in the scanned text, line breaks normalised) are where the line starts and where the
   * section's content starts, just after it.
   */
  header(header: SectionHeader, lineStart: number, contentStart: number): void;
  /** Content of the current section that is not a fence line: any part of a line, line breaks included. */
  text(text: string): void;
  /** A complete fence line of the current section, with its line break when it has one. */
  fence(line: string, role: 'open' | 'close', lineStart: number): void;
}

type Mode =
  /** At the start of a line whose kind is not decided yet; `line` holds what was seen of it. */
  | 'line-start'
  /** The line is plain content: pass it through up to its line break. */
  | 'pass-through'
  /** The line may be a fence line: hold it whole until its line break. */
  | 'fence-line';

/**
 * Splits Markdown-section text into headers, fence lines and content, incrementally: each chunk
 * is scanned once, and only the start of a line that could still be a header (`### sco`) or a
 * fence line is held back until it is decided. The final parser runs the same scanner over the
 * whole text, so the stream and the final parse split every text identically.
 *
 * Rules: `\r\n` is read as `\n`. Text before the first header is ignored (and not searched for
 * fences, so a whole answer wrapped in a ```markdown fence still has its headers). Inside a
 * section, a fenced block's lines are content, header-looking or not.
 */
export class MarkdownSectionScanner {
  private mode: Mode = 'line-start';
  private line = '';
  /** How many leading spaces/tabs of `line` were already checked. */
  private leadingSpace = 0;
  private inPreamble = true;
  private openFence: OpenFence | undefined;
  /** How many characters (line breaks normalised) were scanned, and where the current line began. */
  private offset = 0;
  private lineStart = 0;
  /** The previous chunk ended with `\r`, which may be the first half of `\r\n`. */
  private carriageReturn = false;

  constructor(
    private readonly matcher: SectionHeaderMatcher,
    private readonly sink: MarkdownSectionSink,
  ) {}

  /** Whether a recognised header has been seen yet. */
  get sawHeader(): boolean {
    return !this.inPreamble;
  }

  push(chunk: string): void {
    let text = chunk;
    if (this.carriageReturn) {
      text = `\r${text}`;
      this.carriageReturn = false;
    }
    if (text.indexOf('\r') >= 0) {
      if (text.endsWith('\r')) {
        text = text.slice(0, -1);
        this.carriageReturn = true;
      }
      text = text.replaceAll('\r\n', '\n');
    }
    this.scan(text);
  }

  /** End of text: an unterminated last line is complete now. */
  finish(): void {
    if (this.carriageReturn) {
      this.carriageReturn = false;
      this.scan('\r');
    }
    if (this.mode !== 'pass-through' && this.line !== '') this.completeLine(this.line, this.line, this.offset);
    this.mode = 'line-start';
  }

  private scan(text: string): void {
    const base = this.offset;
    this.offset += text.length;
    let pos = 0;
    while (pos < text.length) {
      const newline = text.indexOf('\n', pos);
      const end = newline < 0 ? text.length : newline;
      if (this.mode === 'pass-through') {
        const stop = newline < 0 ? end : end + 1;
        if (!this.inPreamble) this.sink.text(text.slice(pos, stop));
        if (newline >= 0) this.startLine(base + stop);
        pos = stop;
        continue;
      }
      if (newline >= 0) {
        // A whole line in this chunk is read without copying it into `line` first.
        const line = this.line === '' ? text.slice(pos, end) : this.line + text.slice(pos, end);
        const withBreak = this.line === '' ? text.slice(pos, end + 1) : undefined;
        pos = end + 1;
        this.completeLine(line, withBreak ?? `${line}\n`, base + pos);
        continue;
      }
      this.line += text.slice(pos, end);
      pos = end;
      if (this.mode === 'line-start') this.decide();
    }
  }

  /** Decides an incomplete line's kind as early as its prefix allows. */
  private decide(): void {
    const line = this.line;
    let i = this.leadingSpace;
    while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    this.leadingSpace = i;
    if (i === line.length) return; // only indentation so far
    const char = line[i];
    if (char === '#' && this.openFence === undefined) {
      if (this.matcher.couldBecomeHeader(line)) return;
    } else if ((char === '`' || char === '~') && !this.inPreamble) {
      const run = Math.min(3, line.length - i);
      let same = 1;
      while (same < run && line[i + same] === char) same++;
      if (same === run) {
        if (run === 3) this.mode = 'fence-line';
        return;
      }
    }
    // Plain content: release what was held and pass the rest of the line through.
    if (!this.inPreamble) this.sink.text(line);
    this.line = '';
    this.leadingSpace = 0;
    this.mode = 'pass-through';
  }

  /**
   * A line is complete: a header, a fence line or content. `withBreak` is the line with its line
   * break (the same as `line` at the end of the text); `next` is the offset just after it.
   */
  private completeLine(line: string, withBreak: string, next: number): void {
    const start = this.lineStart;
    this.startLine(next);
    const first = firstVisible(line);
    if (this.openFence === undefined && first === '#') {
      const header = this.matcher.match(line);
      if (header !== undefined) {
        this.inPreamble = false;
        this.sink.header(header, start, next);
        return;
      }
    }
    if (this.inPreamble) return;
    if (first === '`' || first === '~') {
      if (this.openFence === undefined) {
        const opener = fenceOpenerOf(line);
        if (opener !== undefined) {
          this.openFence = opener;
          this.sink.fence(withBreak, 'open', start);
          return;
        }
      } else if (first === this.openFence.char && closesFence(line, this.openFence)) {
        this.openFence = undefined;
        this.sink.fence(withBreak, 'close', start);
        return;
      }
    }
    this.sink.text(withBreak);
  }

  private startLine(offset: number): void {
    this.line = '';
    this.leadingSpace = 0;
    this.mode = 'line-start';
    this.lineStart = offset;
  }
}

/** The first character of a line that is not a space or a tab (`''` for a blank line). */
function firstVisible(line: string): string {
  let i = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  return i < line.length ? (line[i] as string) : '';
}
