import type { AnswerTicket } from '@fieldstream/core/patch-stream';

/** Where `useResponse`'s `resume` keeps a ticket: the three methods of a `Storage`. */
export type TicketStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * `useResponse`'s `resume` option: keep a resumable answer's ticket (`@fieldstream/server`'s
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

// A refused storage (disabled, full, a sandboxed frame) throws: the answer streams on without resuming.

function storageOf(resume: ResumeAfterReload): TicketStorage | undefined {
  try {
    return resume.storage ?? globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The ticket kept under `resume.key`, if any (anything else stored there is ignored). */
export function keptTicket(resume: ResumeAfterReload): AnswerTicket | undefined {
  try {
    const kept: unknown = JSON.parse(storageOf(resume)?.getItem(resume.key) ?? 'null');
    const { id, token, abortable } = (kept ?? {}) as Partial<Record<keyof AnswerTicket, unknown>>;
    if (typeof id !== 'string' || typeof token !== 'string') return undefined;
    return { id, token, abortable: abortable === true };
  } catch {
    return undefined;
  }
}

export function keepTicket(resume: ResumeAfterReload, ticket: AnswerTicket): void {
  try {
    storageOf(resume)?.setItem(resume.key, JSON.stringify(ticket));
  } catch {}
}

/** Removes the kept ticket; with `id`, only when it is that answer's (a later answer's stays). */
export function dropTicket(resume: ResumeAfterReload, id?: string): void {
  if (id !== undefined && keptTicket(resume)?.id !== id) return;
  try {
    storageOf(resume)?.removeItem(resume.key);
  } catch {}
}
