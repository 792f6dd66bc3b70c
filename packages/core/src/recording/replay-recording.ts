import { checkObject, checkOneOf, checkOptionalFunction, checkOptionalSignal, invalid } from '../errors/check-argument';
import type { PatchStreamResponse } from '../patch-stream/from-patch-stream';
import type { WireEvent } from '../patch-stream/wire-events';
import { WireReader } from '../patch-stream/wire-reader';
import { createResponseCore, type ResponseSink, type Settlement } from '../response/response-core';
import { settledReads } from '../response/settled-reads';
import { onAbort } from '../transport/abort';
import { checkRecording } from './check-recording';
import type { Recording } from './recording-format';

/**
 * How fast a replay sends its messages: `instant` (all at once, the default), `recorded` (each at
 * its `at`), a factor of the recorded pace (`2`: twice as fast), or `step` (one per `step()`).
 */
export type ReplayPace = 'instant' | 'recorded' | 'step' | number;

/** Calls `callback` after `ms` milliseconds; returns what cancels it. */
export type ReplayScheduler = (callback: () => void, ms: number) => () => void;

/** Options of {@link replayRecording}. */
export type ReplayRecordingOptions = {
  /** How fast the messages are sent (default `instant`). */
  pace?: ReplayPace;
  /** Aborts like `abort()`. */
  signal?: AbortSignal;
  /** The timer the `recorded` and scaled paces wait with (default `setTimeout`); tests pass fake time. */
  schedule?: ReplayScheduler;
};

/** A replay at `step` pace: a response that sends its next message on each `step()`. */
export type SteppedReplay<Data = unknown> = PatchStreamResponse<Data> & {
  /**
   * Sends the next message now (starting the response first): a store bound to the response has it
   * when `step` returns. `false` once every message was sent (the response has settled then).
   */
  step(): boolean;
};

/**
 * A recording replayed as a response: the same reader as `fromPatchStream` decodes each message, so
 * `createFieldStore`, every binding's hooks and `getData()` see what they saw when it was recorded
 * (same events, same final data or error). Nothing is sent until a consumer starts it, as with every
 * response. The recording is checked first (a `RecordingError` when it is not one).
 */
export function replayRecording<Data = unknown>(
  recording: Recording,
  options: ReplayRecordingOptions & { pace: 'step' },
): SteppedReplay<Data>;
export function replayRecording<Data = unknown>(
  recording: Recording,
  options?: ReplayRecordingOptions,
): PatchStreamResponse<Data>;
export function replayRecording<Data = unknown>(
  recording: Recording,
  options: ReplayRecordingOptions = {},
): PatchStreamResponse<Data> | SteppedReplay<Data> {
  checkObject('replayRecording options', options);
  checkPace(options.pace);
  checkOptionalSignal('replayRecording options.signal', options.signal);
  checkOptionalFunction('replayRecording options.schedule', options.schedule);
  const { messages } = checkRecording(recording);
  const batches = messages.map((message) => message.events);
  const pace = options.pace ?? 'instant';
  if (pace !== 'step') {
    const waits = delays(messages, pace);
    const schedule = options.schedule ?? defaultSchedule;
    return createResponseCore<Data>({
      run: (sink) => replayPaced(batches, waits, schedule, sink),
      signal: options.signal,
      settledReads,
    }).response;
  }
  let release: () => boolean = () => false;
  const { response } = createResponseCore<Data>({
    run: (sink) =>
      new Promise<Settlement>((resolve) => {
        const stopWatching = onAbort(sink.signal, () => resolve({ kind: 'aborted' }));
        release = sender(batches, sink, (settlement) => {
          stopWatching();
          resolve(settlement);
        });
        // A recording without messages settles as its patch stream would have: at once.
        if (batches.length === 0) release();
      }),
    signal: options.signal,
    settledReads,
  });
  return Object.assign(response, {
    step(): boolean {
      response.start();
      return release();
    },
  });
}

/**
 * Sends one message per call through the wire reader, then settles by what the events said once
 * the last one is out (or once a message fails to decode). Returns whether a message was sent.
 */
function sender(batches: readonly WireEvent[][], sink: ResponseSink, settle: (settlement: Settlement) => void) {
  const reader = new WireReader(sink);
  let next = 0;
  let ended = false;
  return (): boolean => {
    if (ended || sink.signal.aborted) return false;
    const batch = batches[next++];
    if (batch !== undefined) {
      try {
        reader.take(batch);
      } catch (error) {
        ended = true;
        settle(reader.fail(error));
        return true;
      }
    }
    if (next >= batches.length) {
      ended = true;
      settle(reader.settle());
    }
    return batch !== undefined;
  };
}

/** Sends every message after its wait; an abort ends the wait at once. */
async function replayPaced(
  batches: readonly WireEvent[][],
  waits: readonly number[],
  schedule: ReplayScheduler,
  sink: ResponseSink,
): Promise<Settlement> {
  let settlement: Settlement | undefined;
  const send = sender(batches, sink, (ending) => {
    settlement = ending;
  });
  if (batches.length === 0) send();
  for (let index = 0; settlement === undefined; index++) {
    const ms = waits[index] ?? 0;
    if (ms > 0 && !(await waited(ms, schedule, sink.signal))) return { kind: 'aborted' };
    if (sink.signal.aborted) return { kind: 'aborted' };
    send();
  }
  return settlement;
}

/** The wait before each message: none at `instant`, else the recorded gap divided by the speed. */
function delays(messages: Recording['messages'], pace: Exclude<ReplayPace, 'step'>): number[] {
  if (pace === 'instant') return messages.map(() => 0);
  const speed = pace === 'recorded' ? 1 : pace;
  return messages.map((message, index) => (message.at - (messages[index - 1]?.at ?? 0)) / speed);
}

/** Resolves `true` after `ms`, or `false` as soon as `signal` aborts. */
function waited(ms: number, schedule: ReplayScheduler, signal: AbortSignal): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const cancel = schedule(() => {
      stopWatching();
      resolve(true);
    }, ms);
    const stopWatching = onAbort(signal, () => {
      cancel();
      resolve(false);
    });
  });
}

const defaultSchedule: ReplayScheduler = (callback, ms) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

function checkPace(pace: unknown): void {
  if (pace === undefined || typeof pace === 'string') {
    checkOneOf('replayRecording options.pace', pace ?? 'instant', ['instant', 'recorded', 'step']);
    return;
  }
  if (typeof pace !== 'number' || !Number.isFinite(pace) || pace <= 0)
    throw invalid('replayRecording options.pace', "'instant', 'recorded', 'step' or a speed above 0", pace);
}
