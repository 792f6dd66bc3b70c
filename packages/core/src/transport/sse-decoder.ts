import { TransportError } from '../errors/errors';
import { checkSSEChunk } from './check-transport-input';
import { SSELineSplitter } from './sse-lines';
import type { SSEMessage } from './sse-message';

const BOM = 0xfeff;

/** The longest message (its data lines and the line being read, in characters) a reader takes by default: 32 Mi. */
export const DEFAULT_MAX_MESSAGE_LENGTH = 32 * 1024 * 1024;

/**
 * An incremental `text/event-stream` decoder (WHATWG HTML §9.2.5–9.2.6): push bytes or text as
 * they arrive, get back the events each chunk completed. Work per chunk is proportional to the
 * chunk. It decodes UTF-8 across chunk boundaries, strips exactly one leading BOM, keeps the
 * last-event-ID across events (id-only blocks included), and flushes a trailing line at the end.
 * No parser dependency: see docs/decisions/0005-sse-transport.md.
 */
export class SSEDecoder {
  // `ignoreBOM: true` keeps a leading U+FEFF in the text so that exactly one BOM is stripped, here.
  // A default TextDecoder would strip one and a second strip would follow (`\uFEFF\uFEFFdata:`
  // would then dispatch, which the spec forbids: the second BOM belongs to the field name).
  readonly #textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  readonly #lines = new SSELineSplitter();
  readonly #completed: SSEMessage[] = [];
  readonly #onLine = (line: string): void => this.#processLine(line);
  #decodingBytes = false;
  #atStreamStart = true;
  #lastEventId = '';
  #eventType = '';
  #dataLines: string[] = [];
  #reconnectionTime: number | undefined;
  /** Characters of the data lines of the message being built, each line whole (`data:` included). */
  #dataLength = 0;
  readonly #maxMessageLength: number;
  #failure: TransportError | undefined;

  /**
   * `maxMessageLength`: the most characters one message may hold: its data lines as they arrive
   * (each line whole, field name included, line ends not counted) and the line being read, whatever
   * its field. It is checked at every line and at the end of every chunk, so the outcome does not
   * depend on how the input is cut: a message that arrives within one chunk is held to it as one
   * that never ends is. Past it the decoder fails: {@link failure} holds a `TransportError` with code
   * `STREAM_MESSAGE_TOO_LARGE`, `push` returns only the events completed before that message, and
   * no line is read after it: stop pushing.
   */
  constructor(options: { maxMessageLength?: number } = {}) {
    this.#maxMessageLength = options.maxMessageLength ?? DEFAULT_MAX_MESSAGE_LENGTH;
  }

  /** The last event ID in force (what a reconnecting client sends as `Last-Event-ID`). */
  get lastId(): string {
    return this.#lastEventId;
  }

  /**
   * The last valid `retry:` value in milliseconds, if the server sent one: the number as sent, which
   * may be anything up to `Infinity`. Nothing here waits on it; a wait taken from it must go through
   * `backoffDelayMs` (retry-policy.ts) like every delay a server asks for.
   */
  get retry(): number | undefined {
    return this.#reconnectionTime;
  }

  /** Why the decoder stopped reading: a message went past `maxMessageLength`. Check it after every `push`. */
  get failure(): TransportError | undefined {
    return this.#failure;
  }

  /** Feeds raw bytes (decoded as streaming UTF-8) or already-decoded text. Returns the completed events. */
  push(chunk: Uint8Array | string): SSEMessage[] {
    checkSSEChunk(chunk);
    if (typeof chunk === 'string') {
      // Keep order if a byte sequence was left half-decoded before switching to text.
      if (this.#decodingBytes) this.#flushBytes();
      this.#feed(chunk);
    } else {
      this.#decodingBytes = true;
      this.#feed(this.#textDecoder.decode(chunk, { stream: true }));
    }
    return this.#take();
  }

  /**
   * Signals the end of input. Flushes a half-decoded UTF-8 sequence and a trailing line; an event
   * whose block never saw its blank line is dropped, as the spec requires.
   */
  end(): SSEMessage[] {
    if (this.#decodingBytes) this.#flushBytes();
    const last = this.#lines.end();
    if (last !== undefined) this.#processLine(last);
    // End of input discards the event being built (its block never saw its blank line).
    this.#dataLines = [];
    this.#dataLength = 0;
    this.#eventType = '';
    this.#atStreamStart = true;
    return this.#take();
  }

  #flushBytes(): void {
    this.#decodingBytes = false;
    const tail = this.#textDecoder.decode();
    if (tail !== '') this.#feed(tail);
  }

  #feed(text: string): void {
    if (this.#atStreamStart && text !== '') {
      this.#atStreamStart = false;
      if (text.charCodeAt(0) === BOM) text = text.slice(1);
    }
    this.#lines.push(text, this.#onLine);
    this.#checkLength(this.#lines.pending);
  }

  /** Fails the decoder when `lineLength` more characters take the message past its limit. */
  #checkLength(lineLength: number): void {
    if (!this.#failure && lineLength + this.#dataLength > this.#maxMessageLength) {
      this.#failure = new TransportError(
        `An event-stream message is longer than ${this.#maxMessageLength} characters (maxMessageLength)`,
        0,
        '',
        { code: 'STREAM_MESSAGE_TOO_LARGE' },
      );
    }
  }

  // §9.2.6: a blank line dispatches, `:` starts a comment, otherwise `field: value` (one space
  // after the colon is dropped) or a bare field name with an empty value. Unknown fields are ignored.
  #processLine(line: string): void {
    this.#checkLength(line.length);
    // The rest of a chunk that went past the limit is passed over.
    if (this.#failure) return;
    if (line === '') {
      this.#dispatch();
      return;
    }
    if (line.charCodeAt(0) === 0x3a) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 0x20 ? colon + 2 : colon + 1);
    if (field === 'data') {
      this.#dataLines.push(value);
      this.#dataLength += line.length;
    } else if (field === 'event') this.#eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.#lastEventId = value;
    else if (field === 'retry' && /^[0-9]+$/.test(value)) this.#reconnectionTime = Number.parseInt(value, 10);
  }

  #dispatch(): void {
    if (this.#dataLines.length > 0) {
      this.#completed.push({
        event: this.#eventType || 'message',
        data: this.#dataLines.join('\n'),
        id: this.#lastEventId,
      });
    }
    this.#dataLines = [];
    this.#dataLength = 0;
    this.#eventType = '';
  }

  #take(): SSEMessage[] {
    return this.#completed.splice(0);
  }
}
