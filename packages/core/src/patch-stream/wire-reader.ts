import { type FieldstreamError, TransportError } from '../errors/errors';
import type { PathSegment } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';
import type { ResponseSink, Settlement } from '../response/response-core';
import type { ResponseEvent } from '../response/response-events';
import type { FormatName, FormatOption } from '../schema/select-format';
import { PatchDecoder } from './patch-codec';
import type { WireEvent } from './wire-events';

/**
 * A response that runs elsewhere (a server's `toPatchStream`, a Worker), fed into this page's
 * response core: each batch of wire events is decoded, its patches pushed as one chunk (one store
 * update), everything else emitted as it came. What the events said decides the settlement.
 */
export class WireReader {
  readonly #sink: ResponseSink;
  readonly #decoder = new PatchDecoder();
  /** Rewrites an attempt's final data (the worker applies the schema's transforms here). */
  readonly #finalData: (attempt: number, data: unknown) => unknown;
  #final: { data: unknown } | undefined;
  #error: Extract<ResponseEvent, { type: 'error' }> | undefined;
  #aborted = false;
  /** The attempt of the latest event. */
  #attempt = 0;

  constructor(sink: ResponseSink, finalData: (attempt: number, data: unknown) => unknown = (_attempt, data) => data) {
    this.#sink = sink;
    this.#finalData = finalData;
  }

  /**
   * Decodes and emits one batch (a patch-stream message, a worker batch). Throws the decoder's
   * `TransportError` for a patch at a malformed path, after emitting what came before it.
   */
  take(batch: readonly WireEvent[]): void {
    let patches: StreamingData[] = [];
    let places: (readonly PathSegment[])[] = [];
    let attempt = 0;
    const flush = () => {
      if (patches.length > 0) this.#sink.emit({ type: 'chunk', attempt, text: '', patches, places });
      patches = [];
      places = [];
    };
    // A wire event the decoder rejects (a malformed path) ends the batch: what came before it stays.
    try {
      for (const wire of batch) {
        if (wire.k === 'm') {
          flush();
          this.#meta(wire.m);
          continue;
        }
        const decoded = this.#decoder.decode(wire);
        if ('observation' in decoded) {
          this.#sink.observe(decoded.observation);
          continue;
        }
        const event = decoded.event;
        this.#attempt = event.attempt;
        if (event.type === 'patch') {
          if (event.attempt !== attempt) flush();
          attempt = event.attempt;
          patches.push(event.data);
          places.push(this.#decoder.place);
          continue;
        }
        flush();
        this.#emit(event);
      }
    } finally {
      flush();
    }
  }

  #emit(event: ResponseEvent): void {
    if (event.type === 'final') {
      const data = this.#finalData(event.attempt, event.data);
      this.#final = { data };
      this.#error = undefined;
      this.#sink.emit({ ...event, data });
      return;
    }
    if (event.type === 'error') this.#error = event;
    else if (event.type === 'aborted') this.#aborted = true;
    this.#sink.emit(event);
  }

  /**
   * The writer's `getMeta()` as the facts this page's `getMeta()` derives it from: its provider meta
   * with the usage of all attempts on the last attempt (sums stay sums), and its final parse.
   * Untrusted: anything but a record with format names is ignored.
   */
  #meta(meta: unknown): void {
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) return;
    const {
      requestedFormat,
      resolvedFormat,
      repaired,
      attempts: _attempts,
      status: _status,
      ...provider
    } = meta as Record<string, unknown>;
    const attempt = this.#attempt;
    if (provider.usage === undefined) delete provider.usage;
    this.#sink.emit({ type: 'meta', attempt, meta: provider });
    if (typeof resolvedFormat !== 'string' || typeof requestedFormat !== 'string') return;
    this.#sink.emit({
      type: 'parsed',
      attempt,
      format: resolvedFormat as FormatName,
      repaired: repaired === true,
      requested: requestedFormat as FormatOption,
    });
  }

  /** The connection dropped and is being reopened (`reconnecting`), or it is open again (`open`). */
  connection(state: 'reconnecting' | 'open', retry: number, delayMs: number, lastEventId?: string): void {
    this.#sink.emit({
      type: 'connection',
      attempt: this.#attempt,
      state,
      retry,
      delayMs,
      ...(lastEventId === undefined ? {} : { lastEventId }),
    });
  }

  /** The connection or the channel failed: reported like a request failure. */
  fail(error: unknown): Settlement {
    const attempt = this.#attempt;
    const typed =
      error !== null && typeof error === 'object' && 'code' in error
        ? (error as FieldstreamError)
        : new TransportError(String((error as Error)?.message ?? error), 0, '');
    this.#sink.emit({ type: 'error', attempt, error: typed, requestFailed: true });
    this.#sink.emit({ type: 'status', attempt, status: 'error' });
    return { kind: 'error', error: typed, requestFailed: true };
  }

  /** How the response ended, by what its events said (called once the stream ended normally). */
  settle(): Settlement {
    if (this.#aborted) return { kind: 'aborted' };
    const error = this.#error;
    if (error !== undefined) return { kind: 'error', error: error.error, requestFailed: error.requestFailed === true };
    if (this.#final !== undefined) return { kind: 'done', data: this.#final.data };
    return this.fail(new TransportError('The patch stream ended without data', 0, ''));
  }
}
