import { createParser, type EventSourceParser } from 'eventsource-parser';
import type { SSEMessage } from './sse-message';

/**
 * An incremental `text/event-stream` decoder (WHATWG HTML §9.2.5–9.2.6): push bytes or text as
 * they arrive, get back the events each chunk completed. Work per chunk is proportional to the
 * chunk. Lines are split by eventsource-parser; this wrapper adds the pieces a fetch-based client
 * has to supply itself: UTF-8 decoding across chunk boundaries, the last-event-ID that persists
 * across events (id-only blocks included), and an end-of-input flush.
 */
export class SSEDecoder {
  // `ignoreBOM: true` keeps a leading U+FEFF in the text so that the parser strips exactly one
  // BOM. A default TextDecoder would strip one and the parser a second (`\uFEFF\uFEFFdata:` would
  // then dispatch, which the spec forbids: the second BOM belongs to the field name).
  private readonly textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
  private readonly parser: EventSourceParser;
  private readonly completed: SSEMessage[] = [];
  private decodingBytes = false;
  private lastEventId = '';
  private reconnectionTime: number | undefined;

  constructor() {
    this.parser = createParser({
      onId: (id) => {
        this.lastEventId = id;
      },
      onEvent: (message) => {
        this.completed.push({ event: message.event ?? 'message', data: message.data, id: this.lastEventId });
      },
      onRetry: (milliseconds) => {
        this.reconnectionTime = milliseconds;
      },
    });
  }

  /** The last event ID in force (what a reconnecting client sends as `Last-Event-ID`). */
  get lastId(): string {
    return this.lastEventId;
  }

  /** The last valid `retry:` value in milliseconds, if the server sent one. */
  get retry(): number | undefined {
    return this.reconnectionTime;
  }

  /** Feeds raw bytes (decoded as streaming UTF-8) or already-decoded text. Returns the completed events. */
  push(chunk: Uint8Array | string): SSEMessage[] {
    if (typeof chunk === 'string') {
      // Keep order if a byte sequence was left half-decoded before switching to text.
      if (this.decodingBytes) this.flushBytes();
      this.parser.feed(chunk);
    } else {
      this.decodingBytes = true;
      this.parser.feed(this.textDecoder.decode(chunk, { stream: true }));
    }
    return this.take();
  }

  /**
   * Signals the end of input. Flushes a half-decoded UTF-8 sequence and a trailing line; an event
   * whose block never saw its blank line is dropped, as the spec requires.
   */
  end(): SSEMessage[] {
    if (this.decodingBytes) this.flushBytes();
    this.parser.reset({ consume: true });
    return this.take();
  }

  private flushBytes(): void {
    this.decodingBytes = false;
    const tail = this.textDecoder.decode();
    if (tail !== '') this.parser.feed(tail);
  }

  private take(): SSEMessage[] {
    if (this.completed.length === 0) return [];
    return this.completed.splice(0, this.completed.length);
  }
}
