import { DepthLimitError } from '../../errors/errors';
import { readOwn, writeOwn } from '../../patch/apply-patch';
import { formatPath, type PathSegment, wildcardOf } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import type { FinalParse, FormatParserOptions, FormatStreamParser } from '../format-parser';
import { IndexTrail } from './index-trail';
import { isKeyChar, isWhitespace, isWordChar } from './json-stream-chars';
import { deltaEvent, doneEvent, type ValuePlace } from './json-stream-events';
import { type Container, Frame, markChanged, publish } from './json-stream-frame';
import { keySegment } from './json-stream-keys';
import { StringDecoder } from './json-stream-string';
import { NOT_A_VALUE, parseWord } from './json-stream-word';

/** Options of {@link JsonStreamParser}. */
export type JsonStreamParserOptions = FormatParserOptions & {
  /**
   * Segments prefixed to every emitted path: an embedded parser for the field `items` passes
   * `['items']`, so its events read `items[0].name`. Default: none (the value is the root).
   */
  basePath?: readonly PathSegment[] | undefined;
  /**
   * The input is exactly one JSON value of any kind (object, array, string, number, literal),
   * possibly surrounded by whitespace: a typed field inside hybrid, xml_field or yaml text.
   * Default `false`: a whole answer, where prose before the first `{`/`[` is skipped (so is a
   * ```json fence line) and text after the root value closes is ignored.
   */
  embedded?: boolean | undefined;
};

/** Why streaming stopped early: the input was not JSON from `offset` on (the final parse decides). */
export type JsonStreamHalt = { offset: number; reason: string };

// Tokenizer states.
const PROSE = 0;
const VALUE = 1;
const KEY = 2;
const KEY_STRING = 3;
const KEY_WORD = 4;
const COLON = 5;
const AFTER_VALUE = 6;
const STRING = 7;
const WORD = 8;
const ENDED = 9;
const HALTED = 10;
// Comment states (a comment may sit wherever whitespace may).
const NO_COMMENT = 0;
const COMMENT_SLASH = 1;
const LINE_COMMENT = 2;
const BLOCK_COMMENT = 3;
const BLOCK_COMMENT_STAR = 4;

const OBSERVED: CompletionSource = 'observed_boundary';

/**
 * The incremental JSON tokenizer behind the `json` format and every typed field of the text
 * formats. One pass over each chunk with an explicit stack (no recursion, no re-parse, no size
 * cut-off); emits {@link StreamingData} obeying DESIGN.md §2: string deltas that never split an
 * escape or a surrogate pair, atomic scalars, one `done` per path in post-order, one opening
 * delta per container, document order, the same merged events under any chunking.
 *
 * Containers are filled in place while open and copied lazily by {@link snapshot}, so a chunk
 * costs O(chunk + depth) whatever the size of the value so far.
 */
export class JsonStreamParser implements FormatStreamParser {
  readonly #maxDepth: number;
  readonly #embedded: boolean;
  readonly #basePath: readonly PathSegment[];
  readonly #rootPlace: ValuePlace;
  readonly #stack: Frame[] = [];
  readonly #decoder = new StringDecoder();
  #state: number;
  #comment = NO_COMMENT;
  #events: StreamingData[] = [];
  /** Where the scalar (string or word) being read goes. */
  #place: ValuePlace;
  #segment: PathSegment = '';
  /** `STRING` or `WORD` while a scalar value is open, else 0. */
  #openScalar = 0;
  #stringValue = '';
  /** The open string has not emitted its opening delta yet. */
  #stringFresh = false;
  #word = '';
  /** The root value when no container is open (complete, or a root string still streaming). */
  #root: unknown = undefined;
  #rootComplete = false;
  #finished = false;
  #failure: DepthLimitError | undefined;
  #halt: JsonStreamHalt | undefined;
  #offset = 0;

  constructor(options: JsonStreamParserOptions = {}) {
    this.#maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
    this.#embedded = options.embedded ?? false;
    this.#basePath = options.basePath ?? [];
    const path = formatPath(this.#basePath);
    const indexes = this.#basePath.filter((segment): segment is number => typeof segment === 'number');
    this.#rootPlace = { path, wildcard: wildcardOf(path), trail: IndexTrail.of(indexes) };
    this.#place = this.#rootPlace;
    this.#state = this.#embedded ? VALUE : PROSE;
  }

  /** The root value has closed (its `done` was emitted). */
  get isComplete(): boolean {
    return this.#rootComplete;
  }

  /** Set when the input stopped being JSON; the rest of the stream is ignored. */
  get halted(): JsonStreamHalt | undefined {
    return this.#halt;
  }

  push(chunk: string): StreamingData[] {
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#finished) return [];
    const events: StreamingData[] = [];
    this.#events = events;
    const length = chunk.length;
    let i = 0;
    while (i < length) {
      if (this.#comment !== NO_COMMENT) {
        i = this.#skipComment(chunk, i);
        continue;
      }
      switch (this.#state) {
        case STRING:
          i = this.#readString(chunk, i);
          break;
        case PROSE:
          i = this.#skipProse(chunk, i);
          break;
        case VALUE:
          i = this.#readValueStart(chunk, i);
          break;
        case AFTER_VALUE:
          i = this.#readAfterValue(chunk, i);
          break;
        case KEY:
          i = this.#readKeyStart(chunk, i);
          break;
        case KEY_STRING:
          i = this.#readKeyString(chunk, i);
          break;
        case KEY_WORD:
          i = this.#readKeyWord(chunk, i);
          break;
        case COLON:
          i = this.#readColon(chunk, i);
          break;
        case WORD:
          i = this.#readWord(chunk, i);
          break;
        default:
          i = length; // ENDED or HALTED: the rest is not ours
      }
    }
    if (this.#state === STRING) this.#flushString(false);
    this.#offset += length;
    return events;
  }

  /**
   * End of input. A root word (embedded) ends here; every path still open is closed as
   * `FormatStreamParser.finish` describes, taking `final.value` at the absolute path.
   */
  finish(final: FinalParse | undefined): StreamingData[] {
    if (this.#finished) return [];
    this.#finished = true;
    const events: StreamingData[] = [];
    this.#events = events;
    const stack = this.#stack;
    if (this.#state === WORD && stack.length === 0 && parseWord(this.#word) !== NOT_A_VALUE) {
      this.#completeWord(); // an embedded root word ends with its input
    }
    let finalRoot: unknown;
    if (final !== undefined) {
      finalRoot = final.value;
      for (const segment of this.#basePath) finalRoot = readOwn(finalRoot, segment);
    }
    const source: CompletionSource =
      final !== undefined && !final.repaired ? 'final_reconciliation' : 'synthetic_repair';
    if (this.#openScalar !== 0 || stack.length > 0) {
      // The final value along the open spine, outermost first.
      const finals: unknown[] = new Array(stack.length);
      let node = finalRoot;
      for (let depth = 0; depth < stack.length; depth++) {
        if (depth > 0) node = readOwn(node, (stack[depth] as Frame).segment);
        finals[depth] = node;
      }
      const scalarFinal = stack.length === 0 ? finalRoot : readOwn(finals[stack.length - 1], this.#segment);
      if (this.#openScalar === STRING) this.#closeStringAtEnd(scalarFinal, source);
      else if (this.#openScalar === WORD) this.#closeWordAtEnd(scalarFinal, source);
      for (let depth = stack.length - 1; depth >= 0; depth--) {
        const frame = stack.pop() as Frame;
        const found = finals[depth] !== undefined;
        const value = found ? finals[depth] : frame.container;
        events.push(doneEvent(frame, value, found ? source : 'synthetic_repair'));
        this.#store(value, frame.segment);
      }
    }
    this.#state = ENDED;
    if (finalRoot !== undefined) this.#root = finalRoot;
    return events;
  }

  /**
   * The value so far: closed subtrees shared as they are, open containers copied only when they
   * changed since the last call. After `finish`, the final value when there is one.
   */
  snapshot(): unknown {
    return this.#stack.length === 0 ? this.#root : publish(this.#stack);
  }

  // ── tokenizer states ────────────────────────────────────────────────────────────────────

  #skipProse(chunk: string, index: number): number {
    for (let i = index; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (code === 0x7b || code === 0x5b) {
        this.#openContainer(code === 0x5b); // a fence line before it is prose too
        return i + 1;
      }
    }
    return chunk.length;
  }

  #readValueStart(chunk: string, index: number): number {
    for (let i = index; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (isWhitespace(code)) continue;
      if (code === 0x2f) {
        this.#comment = COMMENT_SLASH;
        return i + 1;
      }
      const top = this.#stack[this.#stack.length - 1];
      if (code === 0x5d && top?.isArray && top.open) {
        this.#closeContainer(); // `[]` or a trailing comma
        return i + 1;
      }
      this.#placeChild(top);
      if (code === 0x7b || code === 0x5b) {
        this.#openContainer(code === 0x5b);
        return i + 1;
      }
      if (code === 0x22 || code === 0x27) {
        this.#openString(code);
        return i + 1;
      }
      if (isWordChar(code)) {
        this.#state = WORD;
        this.#openScalar = WORD;
        this.#word = '';
        return i;
      }
      return this.#stop(i, `unexpected ${JSON.stringify(chunk[i])} where a value should start`);
    }
    return chunk.length;
  }

  #readAfterValue(chunk: string, index: number): number {
    for (let i = index; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (isWhitespace(code)) continue;
      if (code === 0x2f) {
        this.#comment = COMMENT_SLASH;
        return i + 1;
      }
      const top = this.#stack[this.#stack.length - 1] as Frame;
      if (code === 0x2c) {
        top.open = true;
        this.#state = top.isArray ? VALUE : KEY;
        return i + 1;
      }
      if ((code === 0x5d && top.isArray) || (code === 0x7d && !top.isArray)) {
        this.#closeContainer();
        return i + 1;
      }
      return this.#stop(i, `unexpected ${JSON.stringify(chunk[i])} after a value`);
    }
    return chunk.length;
  }

  #readKeyStart(chunk: string, index: number): number {
    for (let i = index; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (isWhitespace(code)) continue;
      if (code === 0x2f) {
        this.#comment = COMMENT_SLASH;
        return i + 1;
      }
      const top = this.#stack[this.#stack.length - 1] as Frame;
      if (code === 0x7d && top.open) {
        this.#closeContainer(); // `{}` or a trailing comma
        return i + 1;
      }
      if (code === 0x22 || code === 0x27) {
        this.#decoder.start(code);
        this.#state = KEY_STRING;
        return i + 1;
      }
      if (isKeyChar(code)) {
        this.#word = '';
        this.#state = KEY_WORD;
        return i;
      }
      return this.#stop(i, `unexpected ${JSON.stringify(chunk[i])} where a key should start`);
    }
    return chunk.length;
  }

  #readKeyString(chunk: string, index: number): number {
    const decoder = this.#decoder;
    const i = decoder.scan(chunk, index);
    if (decoder.invalid) return this.#stop(i, 'malformed escape in a key');
    if (decoder.closed) {
      (this.#stack[this.#stack.length - 1] as Frame).key = decoder.take(true);
      this.#state = COLON;
    }
    return i;
  }

  #readKeyWord(chunk: string, index: number): number {
    let i = index;
    while (i < chunk.length && isKeyChar(chunk.charCodeAt(i))) i++;
    this.#word += chunk.slice(index, i);
    if (i < chunk.length) {
      (this.#stack[this.#stack.length - 1] as Frame).key = this.#word;
      this.#state = COLON;
    }
    return i;
  }

  #readColon(chunk: string, index: number): number {
    for (let i = index; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (isWhitespace(code)) continue;
      if (code === 0x2f) {
        this.#comment = COMMENT_SLASH;
        return i + 1;
      }
      if (code !== 0x3a) return this.#stop(i, `expected ":" after a key, found ${JSON.stringify(chunk[i])}`);
      (this.#stack[this.#stack.length - 1] as Frame).open = false;
      this.#state = VALUE;
      return i + 1;
    }
    return chunk.length;
  }

  #readString(chunk: string, index: number): number {
    const decoder = this.#decoder;
    const i = decoder.scan(chunk, index);
    if (decoder.invalid) return this.#stop(i, 'malformed escape in a string');
    if (decoder.closed) {
      this.#flushString(true);
      this.#completeScalar(this.#stringValue);
    }
    return i;
  }

  #readWord(chunk: string, index: number): number {
    let i = index;
    while (i < chunk.length && isWordChar(chunk.charCodeAt(i))) i++;
    this.#word += chunk.slice(index, i);
    if (i < chunk.length) {
      // The word ended at a delimiter, which the next state reads.
      if (parseWord(this.#word) === NOT_A_VALUE) return this.#stop(i, `${JSON.stringify(this.#word)} is not a value`);
      this.#completeWord();
    }
    return i;
  }

  #skipComment(chunk: string, index: number): number {
    let i = index;
    if (this.#comment === COMMENT_SLASH) {
      const code = chunk.charCodeAt(i);
      if (code === 0x2f) this.#comment = LINE_COMMENT;
      else if (code === 0x2a) this.#comment = BLOCK_COMMENT;
      else {
        this.#comment = NO_COMMENT;
        return this.#stop(i, 'a lone "/"');
      }
      i++;
    }
    if (this.#comment === LINE_COMMENT) {
      const end = chunk.indexOf('\n', i);
      if (end < 0) return chunk.length;
      this.#comment = NO_COMMENT;
      return end + 1;
    }
    for (; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (this.#comment === BLOCK_COMMENT_STAR && code === 0x2f) {
        this.#comment = NO_COMMENT;
        return i + 1;
      }
      this.#comment = code === 0x2a ? BLOCK_COMMENT_STAR : BLOCK_COMMENT;
    }
    return i;
  }

  // ── values ──────────────────────────────────────────────────────────────────────────────

  /** Sets the place of the value starting now: the next element / the current key of `top`. */
  #placeChild(top: Frame | undefined): void {
    if (top === undefined) {
      this.#place = this.#rootPlace;
    } else if (top.isArray) {
      this.#segment = top.count;
      this.#place = {
        path: `${top.path}[${top.count}]`,
        wildcard: `${top.wildcard}[*]`,
        trail: new IndexTrail(top.count, top.trail),
      };
    } else {
      this.#segment = top.key;
      const segment = keySegment(top.key);
      this.#place = {
        path: top.path === '' ? segment.first : top.path + segment.next,
        wildcard: top.wildcard === '' ? segment.first : top.wildcard + segment.next,
        trail: top.trail,
      };
    }
  }

  #openContainer(isArray: boolean): void {
    const stack = this.#stack;
    if (stack.length === 0) this.#placeChild(undefined);
    const place = this.#place;
    if (stack.length >= this.#maxDepth) {
      this.#state = HALTED;
      this.#failure = new DepthLimitError(this.#maxDepth, place.path);
      throw this.#failure;
    }
    const container: Container = isArray ? [] : {};
    this.#store(container, this.#segment);
    stack.push(new Frame(isArray, container, place.path, place.wildcard, place.trail, this.#segment));
    this.#events.push(deltaEvent(place, '', isArray ? [] : {}));
    this.#state = isArray ? VALUE : KEY;
  }

  #closeContainer(): void {
    const frame = this.#stack.pop() as Frame;
    this.#events.push(doneEvent(frame, frame.container, OBSERVED));
    if (this.#stack.length === 0) {
      this.#root = frame.container;
      this.#rootComplete = true;
      this.#state = ENDED;
      return;
    }
    // Re-point the parent's snapshot at the closed container, shared from now on.
    markChanged(this.#stack, this.#stack.length - 1);
    this.#afterValue();
  }

  #openString(quote: number): void {
    this.#decoder.start(quote);
    this.#state = STRING;
    this.#openScalar = STRING;
    this.#stringValue = '';
    this.#stringFresh = true;
    this.#store('', this.#segment);
  }

  /** Emits the text decoded in this chunk (and the opening delta of a new string). */
  #flushString(all: boolean): void {
    const piece = this.#decoder.take(all);
    if (piece === '' && !this.#stringFresh) return;
    this.#stringFresh = false;
    if (piece !== '') {
      this.#stringValue += piece;
      this.#store(this.#stringValue, this.#segment);
    }
    this.#events.push(deltaEvent(this.#place, piece, this.#stringValue));
  }

  #completeWord(): void {
    this.#completeScalar(parseWord(this.#word));
  }

  #completeScalar(value: unknown): void {
    this.#openScalar = 0;
    this.#events.push(doneEvent(this.#place, value, OBSERVED));
    this.#store(value, this.#segment);
    const top = this.#stack[this.#stack.length - 1];
    if (top === undefined) {
      this.#rootComplete = true;
      this.#state = ENDED;
    } else {
      this.#afterValue();
    }
  }

  #afterValue(): void {
    const top = this.#stack[this.#stack.length - 1] as Frame;
    if (top.isArray) top.count++;
    top.open = false;
    this.#state = AFTER_VALUE;
  }

  /** Writes `value` into the open container at `segment` (or as the root when none is open). */
  #store(value: unknown, segment: PathSegment): void {
    const stack = this.#stack;
    if (stack.length === 0) {
      this.#root = value;
      return;
    }
    writeOwn((stack[stack.length - 1] as Frame).container, segment, value);
    markChanged(stack, stack.length - 1);
  }

  #closeStringAtEnd(finalValue: unknown, source: CompletionSource): void {
    this.#openScalar = 0;
    const streamed = this.#stringValue;
    if (typeof finalValue === 'string' && finalValue.startsWith(streamed)) {
      const rest = finalValue.slice(streamed.length);
      if (rest !== '' || this.#stringFresh) this.#events.push(deltaEvent(this.#place, rest, finalValue));
    } else if (finalValue === undefined) {
      this.#flushString(true); // a partial escape is dropped
    }
    const value = finalValue === undefined ? this.#stringValue : finalValue;
    this.#events.push(doneEvent(this.#place, value, finalValue === undefined ? 'synthetic_repair' : source));
    this.#store(value, this.#segment);
  }

  #closeWordAtEnd(finalValue: unknown, source: CompletionSource): void {
    this.#openScalar = 0;
    if (finalValue !== undefined) {
      this.#events.push(doneEvent(this.#place, finalValue, source));
      this.#store(finalValue, this.#segment);
      return;
    }
    const value = parseWord(this.#word);
    if (value === NOT_A_VALUE) return; // never shown (scalars are atomic), so nothing to close
    this.#events.push(doneEvent(this.#place, value, 'synthetic_repair'));
    this.#store(value, this.#segment);
  }

  #stop(offset: number, reason: string): number {
    this.#state = HALTED;
    this.#halt = { offset: this.#offset + offset, reason };
    return offset; // the HALTED state skips the rest
  }
}
