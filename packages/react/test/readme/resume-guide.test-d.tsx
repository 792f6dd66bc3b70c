// The React guide's resume snippet (docs/guides/react.md, "Resume after a reload"), verbatim:
// readme-snippets.test.ts checks that it appears here.
import { defineOutput, type FieldStore } from '@fieldstream/core';
import { LiveForm, type ResumableAnswer, useResponse } from '@fieldstream/react';
import { expectTypeOf } from 'vitest';

const ticket = defineOutput({ summary: ['string', 'one line', 'not_null'] });
type Ticket = NonNullable<(typeof ticket)['$data']>;

import { fromPatchStream } from '@fieldstream/core/patch-stream';

function ResumableTicket({ question }: { question: string }) {
  const { store } = useResponse(
    (signal, resumable) =>
      fromPatchStream<Ticket>({
        url: '/api/answer',
        init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question }) },
        signal,
        ...resumable, // `answer` after a reload; `resume.onAnswer` keeps the ticket
      }),
    { startKey: question, resume: { key: 'ticket-answer' } },
  );
  return <LiveForm output={ticket} store={store} />;
}

function ResumeTypes() {
  const own = useResponse(
    (signal, resumable, request?: { urgent: boolean }) => {
      expectTypeOf(resumable).toEqualTypeOf<ResumableAnswer>();
      return fromPatchStream<Ticket>({
        url: '/api/answer',
        init: { method: 'POST', body: JSON.stringify(request ?? {}) },
        signal,
        ...resumable,
        resume: { ...resumable.resume, delayMs: (retry) => 100 * retry },
      });
    },
    { resume: { key: 'ticket-answer', storage: localStorage } },
  );
  expectTypeOf(own.store).toEqualTypeOf<FieldStore<Ticket>>();
  return [<ResumableTicket key="t" question="q" />, own.start({ urgent: true }), own.start()];
}
export { ResumeTypes };
