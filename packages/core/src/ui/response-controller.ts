import type { AnswerTicket } from '../patch-stream/resume-options';
import type { ResponseSource } from '../response/response-events';
import type { FieldStore, FieldStoreOptions } from '../store/field-store';
import { dropTicket, keptTicket, type ResumeAfterReload } from './kept-ticket';
import { type ResponseRun, startResponseRun } from './response-run';

/** What a binding's `useResponse` reads when a response starts (its latest, in React's case). */
export type ResponseControllerSettings = {
  /** `start(signal, ...args)`, with `resume` `start(signal, resumable, ...args)`: the binding's overloads type the rest. */
  start: (signal: AbortSignal, ...args: never[]) => ResponseSource;
  options: FieldStoreOptions & { resume?: ResumeAfterReload };
};

/**
 * The start, abort and restart rules of every binding's `useResponse`, one response running at a
 * time. The binding adapts its framework's life cycle to these calls: `follow` when mounted and
 * when the start key changes, `leave` when unmounted or before a new key.
 */
export type ResponseController<Data> = {
  /** Aborts the running response and starts another with `args`; returns its store. */
  start(args: readonly unknown[]): FieldStore<Data>;
  /** Aborts the running response, which ends its answer: a kept ticket goes. */
  abort(): void;
  /** Aborts the running response because the component leaves: a kept ticket stays for whatever starts next. */
  leave(): void;
  /**
   * The start key is now `startKey`. `mounting`: the component mounts (React StrictMode's re-mount
   * included), so a kept ticket is attached to instead of starting; otherwise a defined key starts
   * afresh, and `undefined` starts nothing and drops the ticket of the answer left behind.
   */
  follow(startKey: unknown, mounting: boolean): void;
};

/** A `ResponseController` that reads `settings()` at each start and hands each new run to `onStart`. */
export function createResponseController<Data>(
  settings: () => ResponseControllerSettings,
  onStart: (run: ResponseRun<Data>) => void,
): ResponseController<Data> {
  let running: ResponseRun<Data> | undefined;
  const stop = (leaving: boolean): void => {
    const run = running;
    running = undefined;
    run?.stop(leaving);
  };
  const run = (attach: AnswerTicket | undefined, args: readonly unknown[]): FieldStore<Data> => {
    stop(attach !== undefined);
    const { start, options } = settings();
    const create = start as (signal: AbortSignal, ...rest: unknown[]) => ResponseSource;
    const next = startResponseRun<Data>(
      (signal, resumable) => (resumable === undefined ? create(signal, ...args) : create(signal, resumable, ...args)),
      { store: options, resume: options.resume, attach },
    );
    running = next;
    onStart(next);
    return next.store;
  };
  return {
    start: (args) => run(undefined, args),
    abort: () => stop(false),
    leave: () => stop(true),
    follow(startKey, mounting) {
      const { resume } = settings().options;
      const kept = resume !== undefined && mounting ? keptTicket(resume) : undefined;
      if (kept !== undefined || startKey !== undefined) run(kept, []);
      else if (resume !== undefined && !mounting) dropTicket(resume);
    },
  };
}
