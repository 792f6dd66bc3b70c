import { ScaffoldCommentReader } from './scaffold-comment';

type State =
  /** At whitespace before anything else on a line. */
  | 'seek'
  /** A word at the start of a line: `true`/`null`/… start a value, any other word is prose. */
  | 'word'
  /** Inside a `<!-- … -->` scaffold comment (or a `<` that may start one). */
  | 'comment'
  /** Skipping a prose line. */
  | 'skip-line';

const LITERAL_WORDS: ReadonlySet<string> = new Set([
  'true',
  'false',
  'null',
  'True',
  'False',
  'None',
  'Infinity',
  'NaN',
]);
const LONGEST_LITERAL = 8;
const VALUE_START = /[{["'0-9+\-.]/;
const LETTER = /[A-Za-z]/;
const VISIBLE = /\S/;

/**
 * Finds where a bare JSON value starts in a section's content, chunk by chunk: whitespace and
 * scaffold comments are skipped, and so are prose lines (a line whose first word is not a JSON
 * literal, or that starts with a character no JSON value starts with).
 */
export class LineStartReader {
  private state: State = 'seek';
  /** The word read so far in `word`. */
  private held = '';
  private readonly comment = new ScaffoldCommentReader();

  /** Whether the reader is between lines (so a fence line here may hold the value). */
  get atLineStart(): boolean {
    return this.state === 'seek';
  }

  reset(): void {
    this.state = 'seek';
    this.held = '';
    this.comment.reset();
  }

  /** The text from the value's first character on, once found; `undefined` while still seeking. */
  read(text: string): string | undefined {
    let rest = text;
    while (rest !== '') {
      switch (this.state) {
        case 'seek': {
          const start = rest.search(VISIBLE);
          if (start < 0) return undefined;
          rest = rest.slice(start);
          const char = rest[0] as string;
          if (VALUE_START.test(char)) return rest;
          this.state = LETTER.test(char) ? 'word' : char === '<' ? 'comment' : 'skip-line';
          break;
        }
        case 'word': {
          let end = 0;
          while (end < rest.length && LETTER.test(rest[end] as string)) end++;
          this.held += rest.slice(0, end);
          if (end === rest.length && this.held.length <= LONGEST_LITERAL) return undefined;
          const word = this.held;
          this.held = '';
          if (LITERAL_WORDS.has(word)) return word + rest.slice(end);
          this.state = 'skip-line';
          rest = rest.slice(end);
          break;
        }
        case 'comment': {
          // A `<` that starts no comment is prose.
          const end = this.comment.read(rest);
          if (end === undefined) return undefined;
          this.state = end.isComment ? 'seek' : 'skip-line';
          rest = end.rest;
          break;
        }
        case 'skip-line': {
          const newline = rest.indexOf('\n');
          if (newline < 0) return undefined;
          rest = rest.slice(newline + 1);
          this.state = 'seek';
          break;
        }
      }
    }
    return undefined;
  }
}
