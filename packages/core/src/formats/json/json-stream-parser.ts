import type { PathSegment } from '../../patch/path';
import type { StreamingData } from '../../patch/streaming-data';
import type { FinalParse, FormatParserOptions, FormatStreamParser } from '../format-parser';
import { fullWidthStructural, isJsonWhitespace, quoteKindOf } from './json-characters';
import { isKeyChar, isWordChar } from './json-stream-chars';
import type { Frame } from './json-stream-frame';
import { StringDecoder } from './json-stream-string';
import { NOT_A_VALUE, parseStrictWord, parseWord } from './json-stream-word';
import { JsonValueBuilder } from './json-value-builder';

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

// Enums, not module constants: a bundler inlines an enum member as its number (esbuild does), where
// a module constant is loaded from the module's context and checked at every comparison of the hot loop.
/** Tokenizer states. */
enum State {
  Prose,
  Value,
  Key,
  KeyString,
  KeyWord,
  Colon,
  AfterValue,
  String,
  Word,
  Ended,
  Halted,
}
/** Comment states: a comment may sit wherever whitespace may. */
enum Comment {
  None,
  Slash,
  Line,
  Block,
  BlockStar,
}

/**
 * The incremental JSON tokenizer behind the `json` format and the typed fields of the text
 * formats. One pass over each chunk with an explicit stack (no recursion, no re-parse, no size
 * cut-off); JSON5-lenient (comments, trailing commas, single quotes, unquoted keys, JSON5
 * numbers). Events obey docs/patch-contract.md §3: string deltas never split an escape or a surrogate pair,
 * scalars are atomic, one `done` per path in post-order, one opening delta per container,
 * document order, the same merged events under any chunking.
 *
 * Work per chunk is O(chunk + depth), whatever the size of the value so far; `snapshot()` is O(1).
 * An object repeating a key follows `JSON.parse` (the last value wins) and streams that path again.
 */
export class JsonStreamParser implements FormatStreamParser {
  readonly #embedded: boolean;
  readonly #value: JsonValueBuilder;
  readonly #decoder = new StringDecoder();
  #state: State;
  #comment = Comment.None;
  #word = '';
  /** Where the current word started (absolute offset), for error reports. */
  #wordStart = 0;
  #finished = false;
  /** The `DepthLimitError` a push threw: the stream cannot go on. */
  #failure: Error | undefined;
  #halt: JsonStreamHalt | undefined;
  #offset = 0;
  /** Outside string literals (the decoder watches those), the text used what `JSON.parse` rejects. */
  #lenient = false;
  /** The last structural character was a `,` (a closer right after it follows a trailing comma). */
  #afterComma = false;

  constructor(options: JsonStreamParserOptions = {}) {
    this.#embedded = options.embedded ?? false;
    this.#value = new JsonValueBuilder(options.basePath ?? [], options.maxDepth ?? Number.POSITIVE_INFINITY);
    this.#state = this.#embedded ? State.Value : State.Prose;
  }

  /** The root value has closed (its `done` was emitted). */
  get isComplete(): boolean {
    return this.#value.rootComplete;
  }

  /** Set when the input stopped being JSON; the rest of the stream is ignored. */
  get halted(): JsonStreamHalt | undefined {
    return this.#halt;
  }

  /**
   * Consumes a chunk. Throws `DepthLimitError` when nesting exceeds `maxDepth` (events of that
   * chunk are lost, the snapshot keeps everything streamed; later pushes throw it again).
   */
  push(chunk: string): StreamingData[] {
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#finished) return [];
    const value = this.#value;
    value.events = undefined;
    const length = chunk.length;
    let i = 0;
    try {
      while (i < length) {
        if (this.#comment !== Comment.None) i = this.#skipComment(chunk, i);
        else if (this.#state === State.String) i = this.#readString(chunk, i);
        else i = this.#step(chunk, i);
      }
    } catch (error) {
      this.#failure = error as Error;
      this.#state = State.Halted;
      throw error;
    }
    if (this.#state === State.String) value.appendString(this.#decoder.take(false));
    this.#offset += length;
    return value.events ?? [];
  }

  /**
   * End of input. A root word of an embedded value ends here (its boundary); every path still
   * open is closed as `FormatStreamParser.finish` describes, from `final.value` at its path.
   */
  finish(final: FinalParse | undefined): StreamingData[] {
    if (this.#finished) return [];
    this.#finished = true;
    const value = this.#value;
    value.events = undefined;
    if (this.#state === State.Word && value.stack.length === 0 && parseWord(this.#word) !== NOT_A_VALUE) {
      value.completeScalar(parseWord(this.#word));
    }
    value.finish(final, this.#decoder.take(true), this.#word);
    this.#state = State.Ended;
    return value.events ?? [];
  }

  /**
   * The final parse the stream has proved, so `finish` need not parse the text again: when the text
   * so far is exactly one strict JSON document (`JSON.parse` accepts it: a root object or array,
   * JSON whitespace around it, no JSON5 or repair used), its value is the value `JSON.parse` returns,
   * the json final parser's first step (docs/formats.md §2).
   */
  provenFinal(): FinalParse | undefined {
    if (this.#lenient || this.#decoder.lenient || this.#embedded || this.#state !== State.Ended) return undefined;
    if (this.#halt !== undefined || this.#failure !== undefined || !this.#value.rootComplete) return undefined;
    return { value: this.#value.snapshot(), repaired: false, format: 'json' };
  }

  /**
   * The value so far, in O(1): the parser's own value, shared, not copied. A subtree whose closer
   * was read never changes again (keep it, compare it by identity); the containers still open are
   * filled in place as text arrives (arrays append or grow their last element, objects add keys
   * or grow their last value, like jsonriver) — copy what you keep of those, or follow the events.
   * After `finish`, the final value when the final parse had one at this path.
   */
  snapshot(): unknown {
    return this.#value.snapshot();
  }

  /** Every state but `String`: reads one token (or a run of whitespace / prose / word). */
  #step(chunk: string, index: number): number {
    const state = this.#state;
    if (state === State.Word || state === State.KeyWord) return this.#readWord(chunk, index);
    if (state === State.KeyString) return this.#readKeyString(chunk, index);
    if (state === State.Prose) return this.#skipProse(chunk, index);
    if (state === State.Ended || state === State.Halted) {
      if (state === State.Ended && /[^ \t\n\r]/.test(chunk.slice(index))) this.#lenient = true;
      return chunk.length; // the rest is not ours
    }
    for (let i = index; i < chunk.length; i++) {
      const raw = chunk.charCodeAt(i);
      if (raw === 0x20 || raw === 0x0a || raw === 0x0d || raw === 0x09) continue;
      let code = raw;
      if (raw > 0x7f || raw === 0x0b || raw === 0x0c) {
        // JSON5 blanks and full-width structure (｛ ｝ ［ ］ ： ，, read as ASCII as the final reader does).
        this.#lenient = true;
        if (isJsonWhitespace(raw)) continue;
        code = fullWidthStructural(raw) ?? raw;
      }
      if (code === 0x2f) {
        this.#lenient = true;
        this.#comment = Comment.Slash;
        return i + 1;
      }
      if (state === State.Value) return this.#startValue(code, chunk, i);
      if (state === State.AfterValue) return this.#afterValue(code, chunk, i);
      if (state === State.Key) return this.#startKey(code, chunk, i);
      if (code !== 0x3a) return this.#stop(i, `expected ":" after a key, found ${JSON.stringify(chunk[i])}`);
      (this.#value.top as Frame).open = false;
      this.#state = State.Value;
      return i + 1;
    }
    return chunk.length;
  }

  #skipProse(chunk: string, index: number): number {
    for (let i = index; i < chunk.length; i++) {
      const raw = chunk.charCodeAt(i);
      if (isStrictWhitespace(raw)) continue;
      if (raw !== 0x7b && raw !== 0x5b) this.#lenient = true; // prose, or a full-width opener
      const code = fullWidthStructural(raw) ?? raw;
      if (code === 0x7b || code === 0x5b) {
        // The root: anything before it (a ```json fence line included) was prose.
        this.#value.place();
        this.#openContainer(code === 0x5b);
        return i + 1;
      }
    }
    return chunk.length;
  }

  #startValue(code: number, chunk: string, i: number): number {
    const value = this.#value;
    const top = value.top;
    if (code === 0x5d && top?.isArray && top.open) return this.#closeAfterOpen(i); // `[]`, `[1,]`
    this.#afterComma = false;
    value.place();
    if (code === 0x7b || code === 0x5b) {
      this.#openContainer(code === 0x5b);
      return i + 1;
    }
    if (quoteKindOf(code) !== undefined) {
      this.#decoder.start(code);
      value.openString();
      this.#state = State.String;
      return i + 1;
    }
    if (isWordChar(code)) {
      value.openWord();
      this.#word = '';
      this.#wordStart = this.#offset + i;
      this.#state = State.Word;
      return i;
    }
    return this.#stop(i, `unexpected ${JSON.stringify(chunk[i])} where a value should start`);
  }

  #afterValue(code: number, chunk: string, i: number): number {
    const top = this.#value.top as Frame;
    if (code === 0x2c) {
      this.#afterComma = true;
      top.open = true;
      this.#state = top.isArray ? State.Value : State.Key;
      return i + 1;
    }
    if (code === (top.isArray ? 0x5d : 0x7d)) return this.#closeContainer(i);
    return this.#stop(i, `unexpected ${JSON.stringify(chunk[i])} after a value`);
  }

  #startKey(code: number, chunk: string, i: number): number {
    if (code === 0x7d && (this.#value.top as Frame).open) return this.#closeAfterOpen(i); // `{}`, `{"a":1,}`
    this.#afterComma = false;
    if (quoteKindOf(code) !== undefined) {
      this.#decoder.start(code);
      this.#state = State.KeyString;
      return i + 1;
    }
    if (isKeyChar(code)) {
      this.#lenient = true;
      this.#word = '';
      this.#state = State.KeyWord;
      return i;
    }
    return this.#stop(i, `unexpected ${JSON.stringify(chunk[i])} where a key should start`);
  }

  #readKeyString(chunk: string, index: number): number {
    const decoder = this.#decoder;
    const i = decoder.scan(chunk, index);
    if (decoder.invalid) return this.#stop(i, 'malformed escape in a key');
    if (decoder.closed) {
      (this.#value.top as Frame).key = decoder.take(true);
      this.#state = State.Colon;
    }
    return i;
  }

  #readString(chunk: string, index: number): number {
    const decoder = this.#decoder;
    const i = decoder.scan(chunk, index);
    if (decoder.invalid) return this.#stop(i, 'malformed escape in a string');
    if (decoder.closed) {
      this.#value.appendString(decoder.take(true));
      this.#state = this.#value.closeString() ? State.Ended : State.AfterValue;
    }
    return i;
  }

  /** A bare word: a value (number, literal) in `Word`, an unquoted key in `KeyWord`. */
  #readWord(chunk: string, index: number): number {
    const isKey = this.#state === State.KeyWord;
    let i = index;
    while (i < chunk.length && (isKey ? isKeyChar(chunk.charCodeAt(i)) : isWordChar(chunk.charCodeAt(i)))) i++;
    this.#word += chunk.slice(index, i);
    if (i === chunk.length) return i; // the word may go on in the next chunk
    // The word ended at a delimiter, which the next state reads.
    if (isKey) {
      (this.#value.top as Frame).key = this.#word;
      this.#state = State.Colon;
      return i;
    }
    let value = parseStrictWord(this.#word);
    if (value === NOT_A_VALUE) {
      this.#lenient = true;
      value = parseWord(this.#word);
    }
    if (value === NOT_A_VALUE) {
      this.#stop(i, `${JSON.stringify(this.#word)} is not a value`);
      (this.#halt as JsonStreamHalt).offset = this.#wordStart;
      return i;
    }
    this.#state = this.#value.completeScalar(value) ? State.Ended : State.AfterValue;
    return i;
  }

  #openContainer(isArray: boolean): void {
    this.#value.openContainer(isArray);
    this.#state = isArray ? State.Value : State.Key;
  }

  /** A closer right after an opener (an empty container) or after a comma (JSON5's trailing comma). */
  #closeAfterOpen(i: number): number {
    if (this.#afterComma) this.#lenient = true;
    return this.#closeContainer(i);
  }

  #closeContainer(i: number): number {
    this.#state = this.#value.closeContainer() ? State.Ended : State.AfterValue;
    return i + 1;
  }

  #skipComment(chunk: string, index: number): number {
    let i = index;
    if (this.#comment === Comment.Slash) {
      const code = chunk.charCodeAt(i);
      if (code !== 0x2f && code !== 0x2a) {
        this.#comment = Comment.None;
        return this.#stop(i, 'a lone "/"');
      }
      this.#comment = code === 0x2f ? Comment.Line : Comment.Block;
      i++;
    }
    if (this.#comment === Comment.Line) {
      const end = chunk.indexOf('\n', i);
      if (end < 0) return chunk.length;
      this.#comment = Comment.None;
      return end + 1;
    }
    for (; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (this.#comment === Comment.BlockStar && code === 0x2f) {
        this.#comment = Comment.None;
        return i + 1;
      }
      this.#comment = code === 0x2a ? Comment.BlockStar : Comment.Block;
    }
    return i;
  }

  #stop(offset: number, reason: string): number {
    this.#state = State.Halted;
    this.#halt = { offset: this.#offset + offset, reason };
    return offset; // the State.Halted state skips the rest
  }
}

/** JSON's own whitespace (`JSON.parse` rejects the other JSON5 blanks). */
function isStrictWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}
