// useResponse's `resume` option over a resumable answer, as React's (packages/react/test/
// resume-after-reload.test.tsx): the ticket is kept while the answer runs, a new mount attaches to
// it instead of starting another answer, and it goes once the answer ends or a new startKey starts.
// Unmounting stands in for a reload.
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { useFinalData, useInstantField, useResponse, useStreamStatus } from '@fieldstream/vue';
import { cleanup, render, screen, waitFor } from '@testing-library/vue';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineComponent, h, nextTick } from 'vue';
import { resumableServer } from '../../react/test/support/resumable-server';

const KEY = 'ticket-answer';
type Ticket = { title: string };
const opening = [
  { k: 'a', n: 0, f: 'json' },
  { k: 's', s: 'streaming' },
  { p: 'title', d: 'Fi' },
];
const closing = [{ e: 1 }, { k: 'f', v: { title: 'Fix' } }, { k: 's', s: 'done' }];

type Server = ReturnType<typeof resumableServer>;

const Answer = defineComponent(
  (props: { server: Server; question: string }) => {
    const { store, abort } = useResponse(
      (signal, resumable) =>
        fromPatchStream<Ticket>({
          url: 'http://app/api/answer',
          init: { method: 'POST', body: JSON.stringify({ question: props.question }) },
          fetch: props.server.fetch,
          signal,
          ...resumable,
        }),
      { startKey: () => props.question, resume: { key: KEY } },
    );
    const status = useStreamStatus(store, { schedule: 'sync' });
    const title = useInstantField(store, 'title', { schedule: 'sync' });
    const final = useFinalData(store, { schedule: 'sync' });
    return () =>
      h(
        'output',
        { 'data-status': status.value.status, 'data-final': JSON.stringify(final.value), onClick: abort },
        title.value.value ?? '',
      );
  },
  { props: ['server', 'question'] },
);

const kept = (): unknown => JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
const shown = (): HTMLElement => screen.getByRole('status');

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('useResponse resume', () => {
  it('a reload mid-answer attaches with the ticket (GET, no POST), ends with the same data, then drops the ticket', async () => {
    const server = resumableServer();
    const first = render(Answer, { props: { server, question: 'printer' } });
    await waitFor(() => expect(kept()).toEqual({ id: 'a1', token: 't1', abortable: false }));
    server.send(opening);
    await waitFor(() => expect(shown().textContent).toBe('Fi'));
    expect(server.requests.map((request) => request.method)).toEqual(['POST']);

    first.unmount();
    expect(kept()).toEqual({ id: 'a1', token: 't1', abortable: false });
    server.send([{ d: 'x' }]);

    render(Answer, { props: { server, question: 'printer' } });
    await waitFor(() => expect(shown().textContent).toBe('Fix'));
    server.send(closing);
    server.end();
    await waitFor(() => expect(shown().dataset.status).toBe('done'));
    expect(JSON.parse(shown().dataset.final ?? '')).toEqual({ title: 'Fix' });
    expect(server.requests.slice(1)).toEqual([{ method: 'GET', answer: 'a1', token: 't1', lastEventId: null }]);
    expect(server.answers).toHaveLength(1);
    expect(kept()).toBeNull();
  });

  it('a new startKey starts a new answer and drops the old ticket; abort() drops the ticket', async () => {
    const server = resumableServer();
    const view = render(Answer, { props: { server, question: 'a' } });
    await waitFor(() => expect(kept()).toMatchObject({ id: server.answers.at(-1)?.id }));
    const old = server.answers.at(-1)?.id;

    await view.rerender({ question: 'b' });
    await nextTick();
    expect(kept()).toBeNull();
    await waitFor(() => expect(kept()).toMatchObject({ id: server.answers.at(-1)?.id }));
    expect(server.answers.at(-1)?.id).not.toBe(old);

    shown().click();
    await nextTick();
    expect(shown().dataset.status).toBe('aborted');
    expect(kept()).toBeNull();
  });
});
