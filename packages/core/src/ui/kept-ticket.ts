import type { AnswerTicket } from '../patch-stream/resume-options';

/** Where a binding's `useResponse` `resume` keeps a ticket: the three methods of a `Storage`. */
export type TicketStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A binding's `useResponse` `resume` option: keep a resumable answer's ticket (`@fieldstream/server`'s
 * `createResumableAnswers`) so that a reloaded page attaches to the answer instead of starting
 * another one.
 */
export type ResumeAfterReload = {
  /** The storage key of the ticket: one per answer on the page (e.g. `'ticket-answer'`). */
  key: string;
  /**
   * Where the ticket is kept (default `sessionStorage`: one tab, for its life). Nothing is kept
   * where there is none (on the server, or where the browser refuses storage): every mount starts.
   */
  storage?: TicketStorage;
};

/**
 * What `start` receives with `resume`, to spread into `fromPatchStream`'s options: `answer` (only
 * on a mount that found a kept ticket: attach to it, GET, instead of starting) and
 * `resume.onAnswer`, which keeps the ticket. Merge your own `resume` options into it:
 * `resume: { ...resumable.resume, delayMs }`.
 */
export type ResumableAnswer = {
  answer?: AnswerTicket;
  resume: { onAnswer(ticket: AnswerTicket): void };
};

/**
 * `use(storage)`, or `undefined` where there is none (on the server) or it refuses (disabled, full,
 * a sandboxed frame: it throws). Then nothing is kept, and every mount starts a new answer.
 */
function inStorage<Result>(resume: ResumeAfterReload, use: (storage: TicketStorage) => Result): Result | undefined {
  try {
    const storage = resume.storage ?? globalThis.sessionStorage;
    return storage && use(storage);
  } catch {
    return undefined;
  }
}

/** The ticket kept under `resume.key`, if any (anything else stored there is ignored). */
export const keptTicket = (resume: ResumeAfterReload): AnswerTicket | undefined =>
  inStorage(resume, (storage) => {
    const kept = JSON.parse(storage.getItem(resume.key) ?? 'null');
    return typeof kept?.id === 'string' && typeof kept.token === 'string' ? (kept as AnswerTicket) : undefined;
  });

export const keepTicket = (resume: ResumeAfterReload, ticket: AnswerTicket): void =>
  inStorage(resume, (storage) => storage.setItem(resume.key, JSON.stringify(ticket)));

/** Removes the kept ticket; with `id`, only when it is that answer's (a later answer's stays). */
export const dropTicket = (resume: ResumeAfterReload, id?: string): void =>
  inStorage(resume, (storage) => {
    if (id === undefined || keptTicket(resume)?.id === id) storage.removeItem(resume.key);
  });
