import type { FieldstreamError } from '../errors/errors';
import type { StreamingData } from '../patch/streaming-data';
import type { FormatName } from '../schema/select-format';

/** The life of a response, as a store or devtools sees it. */
export type ResponseStatus = 'idle' | 'streaming' | 'validating' | 'retrying' | 'done' | 'error' | 'aborted';

/** Everything a response reports to subscribers, in order. `Data` is the type of the final data. */
export type ResponseEvent<Data = unknown> =
  /** An attempt starts (0 first). `reason` says why a retry happens. */
  | { type: 'attempt'; attempt: number; format: FormatName; reason?: string }
  /** A patch of the current attempt (answer paths and `$reasoning`). */
  | { type: 'patch'; attempt: number; data: StreamingData }
  /** Raw answer text of the current attempt. */
  | { type: 'text'; attempt: number; delta: string }
  | {
      type: 'status';
      attempt: number;
      status: ResponseStatus;
      /** With `retrying`: how long the response waits before the next attempt (backoff, `Retry-After`). */
      retryDelayMs?: number;
    }
  /** The validated final data (or the latest data when retries ran out without raising). */
  | { type: 'final'; attempt: number; data: Data }
  | { type: 'error'; attempt: number; error: FieldstreamError }
  | { type: 'aborted'; attempt: number };

/** What a store binds to: a replayable event source. A store bound to it is a `FieldStore<Data>`. */
export interface ResponseSource<Data = unknown> {
  /**
   * Calls `listener` with every event, first replaying the ones already emitted (so a late
   * subscriber sees the whole history). Returns an unsubscribe function.
   */
  subscribe(listener: (event: ResponseEvent<Data>) => void): () => void;
  /**
   * Like `subscribe`, but events arrive in arrays: the history in one call, then the events of
   * each pushed chunk together. A store uses it when present, to update once per chunk.
   */
  subscribeBatches?(listener: (events: readonly ResponseEvent<Data>[]) => void): () => void;
}
