import type { WireError, WireEvent } from '../patch-stream/wire-events';
import type { FieldValidationContext } from '../response/validation/field-validator';
import type { SerialisedResponseOptions } from './worker-options';

/**
 * What the main thread sends the worker itself: start a response, on a `MessagePort` of its own
 * (a `MessageChannel` per response, so one response's messages cannot be mistaken for another's).
 * `validators`: the main thread has validators (or a schema) the worker must ask about.
 */
export type WorkerStart = { t: 'start'; options: SerialisedResponseOptions; validators: boolean; port: MessagePort };

/** What the main thread sends on a response's port. */
export type MainMessage =
  | { t: 'abort'; reason?: string }
  /** The main thread's answer to a `validate` request. */
  | { t: 'verdict'; call: number; verdict: WireVerdict };

/** What the worker sends on a response's port. */
export type WorkerMessage =
  /** The response's wire events gathered during one frame, runs of deltas merged (no JSON, no SSE text). */
  | { t: 'events'; events: WireEvent[] }
  /** The response ended (or could not start: `error`). The port closes after it. */
  | { t: 'end'; error?: WireError }
  /** Run the main thread's validators (and a Standard Schema's) on this attempt's final data. */
  | { t: 'validate'; call: number; data: unknown; context: WireValidationContext }
  /**
   * Judge one closed field on the main thread (decision 0022): `check` is `''` for the Standard
   * Schema's rule at the field (`path` its wildcard path), else the `validateField` path whose
   * validator to run. Answered with a `verdict`.
   */
  | { t: 'field'; call: number; check: string; value: unknown; context: FieldValidationContext };

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

/** Where `start` messages go: a `Worker`, or the in-thread fallback's port. */
export type WorkerHost = {
  postMessage(message: WorkerStart, transfer: Transferable[]): void;
};

/** Where a worker hears `start` messages: a worker's `self`, or the in-thread fallback's port. */
export type WorkerScope = {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
};
