import type { AnswerTicket } from '../patch-stream/resume-options';
import type { ResponseSource } from '../response/response-events';
import { createFieldStore, type FieldStore, type FieldStoreOptions } from '../store/field-store';
import { isTerminalStatus } from '../store/field-store-state';
import { dropTicket, keepTicket, type ResumableAnswer, type ResumeAfterReload } from './kept-ticket';

/** One response a binding's `useResponse` started, bound to its own store. */
export type ResponseRun<Data> = {
  readonly store: FieldStore<Data>;
  readonly response: ResponseSource;
  /**
   * Aborts the response: its signal fires, it reports `aborted` to its store, and the store applies
   * nothing more. `leaving`: the component unmounts (a reload, React StrictMode's re-mount, a new
   * `startKey`), so a kept ticket stays for whatever starts next; otherwise the abort ends the
   * answer and its ticket goes.
   */
  stop(leaving: boolean): void;
};

export type ResponseRunOptions = {
  store: FieldStoreOptions;
  resume: ResumeAfterReload | undefined;
  /** A kept ticket: attach to its answer instead of starting one. */
  attach: AnswerTicket | undefined;
};

/**
 * Creates a response, binds a store to it and starts it. With `resume`, a new answer drops the
 * ticket kept before it; the ticket the server names is kept while the answer runs, and dropped
 * once it ends (done, error, or aborted other than by leaving).
 */
export function startResponseRun<Data>(
  create: (signal: AbortSignal, resumable: ResumableAnswer | undefined) => ResponseSource,
  { store: storeOptions, resume, attach }: ResponseRunOptions,
): ResponseRun<Data> {
  if (resume !== undefined && attach === undefined) dropTicket(resume);
  const controller = new AbortController();
  let leaving = false;
  let ticketId = attach?.id;
  const resumable: ResumableAnswer | undefined = resume && {
    // Attached without `abortable`: StrictMode aborts the first mount's attach before the server
    // names the answer again, and that must not ask the server to stop it. Its `answer` event
    // says again whether it takes an abort.
    ...(attach && { answer: { id: attach.id, token: attach.token } }),
    resume: {
      onAnswer: (ticket) => {
        if (controller.signal.aborted) return;
        ticketId = ticket.id;
        keepTicket(resume, ticket);
      },
    },
  };
  const response = create(controller.signal, resumable);
  const store = createFieldStore<Data>(response, storeOptions);
  // Hears the status only: `onPending` leaves the streamed chunks to the components' schedule.
  const unwatch =
    resume === undefined
      ? () => {}
      : store.subscribe(
          (state) => {
            if (isTerminalStatus(state.status) && !leaving && ticketId !== undefined) dropTicket(resume, ticketId);
          },
          { onPending: () => {} },
        );
  // A lazy response (createResponse's) starts once its store listens.
  if (hasStart(response)) response.start();
  return {
    store,
    response,
    stop(isLeaving) {
      leaving = isLeaving;
      controller.abort();
      // The response reports the abort synchronously; whatever it sends later is not applied.
      store.detach();
      unwatch();
    },
  };
}

/** The data type of a response source: `Data` of a `ModelResponse<Data>`, `unknown` for an untyped source. */
export type SourceData<Source> = Source extends ResponseSource<infer Data> ? Data : unknown;

/** What streams from a response source (its schema's input side); `unknown`: the same as its data. */
export type SourceInput<Source> = Source extends ResponseSource<unknown, infer Input> ? Input : unknown;

function hasStart(source: ResponseSource): source is ResponseSource & { start(): void } {
  return typeof (source as { start?: unknown }).start === 'function';
}
