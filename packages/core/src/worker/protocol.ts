import type { WireError } from '../patch-stream/wire-events';
import type { SerialisedResponseOptions } from './worker-options';

/** What the main thread sends the worker. `id` names one response; one worker serves many. */
export type MainMessage =
  /** Start a response; `validators`: the main thread has validators the worker must ask about. */
  | { t: 'start'; id: number; options: SerialisedResponseOptions; validators: boolean }
  | { t: 'abort'; id: number; reason?: string }
  /** The main thread's answer to a `validate` request. */
  | { t: 'verdict'; id: number; call: number; verdict: WireVerdict };

/** What the worker sends the main thread. */
export type WorkerMessage =
  /** Patch-stream text (`toPatchStream`'s SSE bytes, decoded), everything gathered during one frame. */
  | { t: 'chunk'; id: number; text: string }
  /** The patch stream ended (after its `end` message, or when the response could not start). */
  | { t: 'close'; id: number; error?: WireError }
  /** Run the main thread's validators (and a Standard Schema's) on this attempt's final data. */
  | { t: 'validate'; id: number; call: number; data: unknown; context: WireValidationContext };

/** The part of a `ValidationContext` that crosses: the prompt and settings are copies (writes are lost). */
export type WireValidationContext = {
  attemptIndex: number;
  retryCount: number;
  maxRetries: number;
  promptText: string;
  input: unknown;
  text: string;
  format: string;
};

/** A validator verdict that crosses: the first failure of the main thread's chain, or `ok`. */
export type WireVerdict =
  | { ok: true }
  | {
      ok: false;
      validatorName: string;
      reason: string;
      payload?: unknown;
      noRetry: boolean;
      raise?: WireError;
    }
  /** A validator threw: the worker's response reports it as a validation error. */
  | { ok: 'threw'; error: WireError };

/** The two ends of a channel: a `Worker`, a worker's `self`, or the in-thread pair. */
export type MessagePortLike<In, Out> = {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: { data: In }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: In }) => void): void;
};
