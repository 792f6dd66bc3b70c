import type { FieldstreamError } from '../errors/errors';
import type { PathSegment } from '../patch/path';
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
      /** With `retrying`: why (`validation_failed`, `ensure_failed`, `parse_failed`, `request_failed`, …). */
      reason?: string;
      /** With `retrying`: the failure in words (a validator's reason, the missing fields, the transport error). */
      message?: string;
      /** With `retrying` after a rejected field (`field_rejected`): the field's path. */
      path?: string;
    }
  /** The validated final data (or the latest data when retries ran out without raising). */
  | { type: 'final'; attempt: number; data: Data }
  /** The response failed; `requestFailed`: the model's request failed (no answer was rejected). */
  | { type: 'error'; attempt: number; error: FieldstreamError; requestFailed?: true }
  | { type: 'aborted'; attempt: number }
  /**
   * A remote response's connection dropped and is being reopened (`reconnecting`: reconnection
   * number `retry`, after `delayMs`), or it is open again (`open`) and the stream goes on where it
   * stopped. Only a resumable patch stream (`fromPatchStream`) emits it. `lastEventId`: the id of
   * the last message read, which the reconnection asks to resume after (`Last-Event-ID`), once
   * there is one.
   */
  | {
      type: 'connection';
      attempt: number;
      state: 'reconnecting' | 'open';
      retry: number;
      delayMs: number;
      lastEventId?: string;
    };

/**
 * The patches one pushed chunk produced (one model chunk parsed, one patch-stream message, one
 * worker batch), with the answer text that produced them (`''` when the source has none).
 */
export type ChunkEvent = {
  type: 'chunk';
  attempt: number;
  text: string;
  patches: readonly StreamingData[];
  /**
   * The segments of each patch's place, when the source parsed its paths already (a patch stream's
   * reader does, to check them): a store writes with them and parses no path again.
   */
  places?: readonly (readonly PathSegment[])[];
};

/**
 * How a store follows a response (`subscribeChunks`): the replayed history and every event other
 * than a patch go to `events`, in arrays; each pushed chunk's patches go to `patches` as the
 * parser made them, with no event object per patch. A chunk without patches is not sent.
 */
export type ChunkListener<Data = unknown> = {
  readonly events: (events: readonly ResponseEvent<Data>[]) => void;
  readonly patches: (chunk: ChunkEvent) => void;
};

/**
 * What a store binds to: a replayable event source. A store bound to it is a `FieldStore<Data>`.
 * Every response (`createResponse`, `fromPatchStream`, `createWorkerResponse`) has both methods; a
 * hand-made source needs only `subscribe`.
 */
export interface ResponseSource<Data = unknown, Input = unknown> {
  /**
   * Type-only: what the model writes and a store streams (a Standard Schema's input side, before
   * its transforms); `unknown` means the same as `Data`. Always `undefined` at run time.
   */
  readonly $input?: Input;
  /**
   * Calls `listener` with every event, first replaying the ones already emitted (so a late
   * subscriber sees the whole history). Returns an unsubscribe function. Does not start a response.
   */
  subscribe(listener: (event: ResponseEvent<Data>) => void): () => void;
  /**
   * The path a store follows: like `subscribe`, but a pushed chunk's patches arrive together (one
   * store update per chunk). Does not start a response.
   */
  subscribeChunks?(listener: ChunkListener<Data>): () => void;
}
