import type { FormatName, ModelResponse, ObservationEvent, ResponseStatus, StreamingData } from '@fieldstream/core';

/** One patch as the timeline shows it. */
export type RecordedPatch = {
  /** 0, 1, 2, … over the whole response. */
  seq: number;
  attempt: number;
  data: StreamingData;
  /** How much of the attempt's answer text had arrived when the patch was emitted. */
  textOffset: number;
  /** Milliseconds since the recorder started. */
  at: number;
};

/** One attempt: its format, why it started, and its raw answer text. */
export type RecordedAttempt = { attempt: number; format: FormatName; reason: string | undefined; text: string };

/** What a recorder has seen, published at most once per animation frame. */
export type RecorderSnapshot = {
  version: number;
  /** Shared, append-only: read the first `patchCount` entries. */
  patches: readonly RecordedPatch[];
  patchCount: number;
  attempts: readonly RecordedAttempt[];
  observations: readonly ObservationEvent[];
  status: ResponseStatus;
};

/**
 * Records everything a response reports, for the devtools: every patch with its attempt and the
 * position in the raw text, each attempt's raw text, and the observation log (retries and why).
 * Subscribers hear about changes at most once per animation frame.
 */
export class EventRecorder {
  readonly #patches: RecordedPatch[] = [];
  readonly #attempts: {
    attempt: number;
    format: FormatName;
    reason: string | undefined;
    parts: string[];
    length: number;
  }[] = [];
  readonly #observations: ObservationEvent[] = [];
  readonly #listeners = new Set<() => void>();
  readonly #started = performance.now();
  readonly #unsubscribe: (() => void)[];
  #status: ResponseStatus = 'idle';
  #version = 0;
  #frame: number | undefined;
  #snapshot: RecorderSnapshot;

  constructor(response: ModelResponse) {
    this.#snapshot = this.#build();
    this.#unsubscribe = [
      response.subscribe((event) => {
        if (event.type === 'attempt') {
          this.#attempts.push({
            attempt: event.attempt,
            format: event.format,
            reason: event.reason,
            parts: [],
            length: 0,
          });
        } else if (event.type === 'text') {
          const attempt = this.#attemptRecord();
          attempt.parts.push(event.delta);
          attempt.length += event.delta.length;
        } else if (event.type === 'patch') {
          this.#patches.push({
            seq: this.#patches.length,
            attempt: event.attempt,
            data: event.data,
            textOffset: this.#attemptRecord().length,
            at: performance.now() - this.#started,
          });
        } else if (event.type === 'status') {
          this.#status = event.status;
        } else if (event.type === 'aborted') {
          this.#status = 'aborted';
        }
        this.#changed(event.type === 'status');
      }),
      response.observe((event) => {
        this.#observations.push(event);
        this.#changed(false);
      }),
    ];
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): RecorderSnapshot => this.#snapshot;

  detach(): void {
    for (const unsubscribe of this.#unsubscribe) unsubscribe();
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
  }

  #attemptRecord() {
    let last = this.#attempts.at(-1);
    if (last === undefined) {
      last = { attempt: 0, format: 'text', reason: undefined, parts: [], length: 0 };
      this.#attempts.push(last);
    }
    return last;
  }

  #changed(now: boolean): void {
    this.#version += 1;
    if (now) {
      this.#publish();
      return;
    }
    this.#frame ??= requestAnimationFrame(() => this.#publish());
  }

  #publish = (): void => {
    if (this.#frame !== undefined) cancelAnimationFrame(this.#frame);
    this.#frame = undefined;
    if (this.#snapshot.version === this.#version) return;
    this.#snapshot = this.#build();
    for (const listener of [...this.#listeners]) listener();
  };

  #build(): RecorderSnapshot {
    return {
      version: this.#version,
      patches: this.#patches,
      patchCount: this.#patches.length,
      attempts: this.#attempts.map((attempt) => {
        // Join once per publish and keep the joined text as the only part: no quadratic re-joins.
        const text = attempt.parts.join('');
        attempt.parts = text === '' ? [] : [text];
        return { attempt: attempt.attempt, format: attempt.format, reason: attempt.reason, text };
      }),
      observations: [...this.#observations],
      status: this.#status,
    };
  }
}
