// liveResponse's `resume` option over a resumable answer: the ticket is kept while the answer runs,
// a new mount attaches to it instead of starting another answer, and it goes once the answer ends.
// Destroying the component stands in for a reload.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resumableServer } from '../../react/test/support/resumable-server';
import ResumableTitle from './support/ResumableTitle.svelte';

const KEY = 'ticket-answer';
const opening = [
  { k: 'a', n: 0, f: 'json' },
  { k: 's', s: 'streaming' },
  { p: 'title', d: 'Fi' },
];
const closing = [{ e: 1 }, { k: 'f', v: { title: 'Fix' } }, { k: 's', s: 'done' }];

const kept = (): unknown => JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
const shown = (): HTMLElement => screen.getByRole('status');

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('liveResponse resume', () => {
  it('a reload mid-answer attaches with the ticket (GET, no POST), ends with the same data, then drops the ticket', async () => {
    const server = resumableServer();
    const first = render(ResumableTitle, { props: { server, question: 'printer' } });
    await waitFor(() => expect(kept()).toEqual({ id: 'a1', token: 't1', abortable: false }));
    server.send(opening);
    await waitFor(() => expect(shown().textContent).toBe('Fi'));
    expect(server.requests.map((request) => request.method)).toEqual(['POST']);

    first.unmount();
    expect(kept()).toEqual({ id: 'a1', token: 't1', abortable: false });
    server.send([{ d: 'x' }]); // the answer runs on while no page reads it
    const before = server.requests.length;

    render(ResumableTitle, { props: { server, question: 'printer' } });
    await waitFor(() => expect(shown().textContent).toBe('Fix'));
    server.send(closing);
    server.end();
    await waitFor(() => expect(shown().dataset.status).toBe('done'));
    expect(JSON.parse(shown().dataset.final ?? '')).toEqual({ title: 'Fix' });
    expect(server.requests.slice(before)).toEqual([{ method: 'GET', answer: 'a1', token: 't1', lastEventId: null }]);
    expect(server.answers).toHaveLength(1);
    expect(kept()).toBeNull();
  });

  it('a new start key starts a new answer and drops the old ticket; abort() drops the ticket', async () => {
    const server = resumableServer();
    const view = render(ResumableTitle, { props: { server, question: 'a' } });
    await waitFor(() => expect(kept()).toMatchObject({ id: server.answers.at(-1)?.id }));
    const old = server.answers.at(-1)?.id;

    await view.rerender({ question: 'b' });
    flushSync();
    expect(kept()).toBeNull();
    await waitFor(() => expect(kept()).toMatchObject({ id: server.answers.at(-1)?.id }));
    expect(server.answers.at(-1)?.id).not.toBe(old);

    await fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(shown().dataset.status).toBe('aborted');
    expect(kept()).toBeNull();
  });
});
