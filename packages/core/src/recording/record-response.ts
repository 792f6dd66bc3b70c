import { checkOneOf, checkOptionalFunction, checkOptionalSignal, checkOptionalString } from '../errors/check-argument';
import type { PatchStreamInput } from '../patch-stream/patch-stream-input';
import { followWireBatches, type WireBatchOptions } from '../patch-stream/wire-batches';
import { onAbort } from '../transport/abort';
import {
  RECORDING_FORMAT,
  RECORDING_SOURCES,
  type RecordedMessage,
  type Recording,
  type RecordingSource,
} from './recording-format';

/**
 * Options of {@link recordResponse}: `toPatchStream`'s (`text`, `observations`, `frameMs`: the
 * recording holds the messages it would send), and these.
 */
export type RecordResponseOptions = WireBatchOptions & {
  /** Where the response runs, written into the recording (default `page`). */
  source?: RecordingSource;
  /** A name for people, written into the recording. */
  label?: string;
  /** The clock, in milliseconds (default `performance.now`); tests pass a fake one. */
  now?: () => number;
  /** Stops recording like `stop()` (the response runs on). */
  signal?: AbortSignal;
};

/** A recording under way. */
export type RecordingHandle = {
  /** The recording, once the response settled and its last message was recorded (or once stopped). */
  readonly done: Promise<Recording>;
  /** What was recorded so far. */
  snapshot(): Recording;
  /** Stops recording: `done` settles with what was recorded. The response runs on. */
  stop(): void;
};

/**
 * Records a response as the patch stream it would send, with timing: the same batches
 * `toPatchStream` sends, one message each. Any response works — one made by `createResponse`, one
 * read with `fromPatchStream`, one from `@fieldstream/core/worker`. Starts the response (starting
 * is idempotent: a response already under way gives its history so far as the first message).
 * Never aborts it: the caller owns the response's life.
 */
export function recordResponse(response: PatchStreamInput, options: RecordResponseOptions = {}): RecordingHandle {
  // With the reader's connection events: a recording keeps a resumed stream's gaps (decision 0030).
  const batches = followWireBatches('recordResponse', response, options, true);
  checkOneOf('recordResponse options.source', options.source ?? 'page', RECORDING_SOURCES);
  checkOptionalString('recordResponse options.label', options.label);
  checkOptionalFunction('recordResponse options.now', options.now);
  checkOptionalSignal('recordResponse options.signal', options.signal);
  const now = options.now ?? (() => performance.now());
  const started = now();
  const messages: RecordedMessage[] = [];
  const snapshot = (): Recording => ({
    format: RECORDING_FORMAT,
    version: 1,
    source: options.source ?? 'page',
    ...(options.label === undefined ? {} : { label: options.label }),
    messages: messages.slice(),
  });
  let stopped = false;
  let stopWatchingSignal = (): void => undefined;
  let finish: (recording: Recording) => void = () => undefined;
  const done = new Promise<Recording>((resolve) => {
    finish = resolve;
  });
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    batches.stop();
    stopWatchingSignal();
    finish(snapshot());
  };
  response.start();
  stopWatchingSignal = onAbort(options.signal, stop);
  void (async () => {
    for (let batch = await batches.next(); batch !== undefined && !stopped; batch = await batches.next()) {
      // Whole milliseconds, never going back (a clock a test drives may).
      const previous = messages.at(-1)?.at ?? 0;
      messages.push({ at: Math.max(previous, Math.round(now() - started)), events: batch });
    }
    stop();
  })();
  return { done, snapshot, stop };
}
