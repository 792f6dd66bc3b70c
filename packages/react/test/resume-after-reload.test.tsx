// useResponse's `resume` option over a resumable answer (docs/guides/react.md, "Resume after a
// reload"): the ticket is kept while the answer runs, a new mount attaches to it instead of
// starting another answer, and it goes once the answer ends. Unmounting stands in for a reload.
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import { useFinalData, useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, expect, it, vi } from 'vitest';
import { describeInModes } from './support/modes';
import { resumableServer } from './support/resumable-server';

const KEY = 'ticket-answer';
type Ticket = { title: string };
const opening = [
  { k: 'a', n: 0, f: 'json' },
  { k: 's', s: 'streaming' },
  { p: 'title', d: 'Fi' },
];
const closing = [{ e: 1 }, { k: 'f', v: { title: 'Fix' } }, { k: 's', s: 'done' }];

type Props = { server: ReturnType<typeof resumableServer>; question?: string; storage?: Storage };

function Answer({ server, question = 'printer', storage }: Props): ReactElement {
  const { store, abort } = useResponse(
    (signal, resumable) =>
      fromPatchStream<Ticket>({
        url: 'http://app/api/answer',
        init: { method: 'POST', body: JSON.stringify({ question }) },
        fetch: server.fetch,
        signal,
        ...resumable,
      }),
    { startKey: question, resume: { key: KEY, storage } },
  );
  const { status } = useStreamStatus(store, { schedule: 'sync' });
  const title = useInstantField(store, 'title', { schedule: 'sync' });
  const final = useFinalData(store, { schedule: 'sync' });
  return (
    <output data-status={status} data-final={JSON.stringify(final)} onClick={abort} onKeyDown={abort}>
      {title.value ?? ''}
    </output>
  );
}

const kept = (storage: Storage = sessionStorage): unknown => JSON.parse(storage.getItem(KEY) ?? 'null');
const shown = (): HTMLElement => screen.getByRole('status');

beforeEach(() => sessionStorage.clear());

describeInModes('useResponse resume', (mode) => {
  it('a reload mid-answer attaches with the ticket (GET, no POST), ends with the same data, then drops the ticket', async () => {
    const server = resumableServer();
    const first = render(<Answer server={server} />, { wrapper: mode.wrapper });
    // StrictMode's double mount aborts the first POST before the server names its answer.
    const posts = mode.strict ? 2 : 1;
    await waitFor(() => expect(kept()).toEqual({ id: `a${posts}`, token: `t${posts}`, abortable: false }));
    act(() => server.send(opening));
    await waitFor(() => expect(shown().textContent).toBe('Fi'));
    // Keeping the ticket restarted nothing.
    expect(server.requests.map((request) => request.method)).toEqual(Array(posts).fill('POST'));

    first.unmount();
    expect(kept()).toEqual({ id: `a${posts}`, token: `t${posts}`, abortable: false });
    server.send([{ d: 'x' }]); // the answer runs on while no page reads it
    const before = server.requests.length;

    render(<Answer server={server} />, { wrapper: mode.wrapper });
    await waitFor(() => expect(shown().textContent).toBe('Fix'));
    act(() => {
      server.send(closing);
      server.end();
    });
    await waitFor(() => expect(shown().dataset.status).toBe('done'));
    expect(JSON.parse(shown().dataset.final ?? '')).toEqual({ title: 'Fix' });
    // StrictMode attaches twice (the first aborted): never a POST, and never a second answer.
    expect(server.requests.slice(before)).toEqual(
      Array(mode.strict ? 2 : 1).fill({ method: 'GET', answer: `a${posts}`, token: `t${posts}`, lastEventId: null }),
    );
    expect(server.answers).toHaveLength(posts);
    expect(kept()).toBeNull();
  });

  it('a new startKey starts a new answer and drops the old ticket; abort() drops the ticket', async () => {
    const server = resumableServer();
    const view = render(<Answer server={server} question="a" />, { wrapper: mode.wrapper });
    await waitFor(() => expect(kept()).toMatchObject({ id: server.answers.at(-1)?.id }));
    const old = server.answers.at(-1)?.id;

    view.rerender(<Answer server={server} question="b" />);
    expect(kept()).toBeNull();
    await waitFor(() => expect(kept()).toMatchObject({ id: server.answers.at(-1)?.id }));
    expect(server.answers.at(-1)?.id).not.toBe(old);

    act(() => shown().click());
    expect(shown().dataset.status).toBe('aborted');
    expect(kept()).toBeNull();
  });

  it('a mount attaching to an abortable answer never asks it to stop (StrictMode aborts its first attach)', async () => {
    const server = resumableServer({ abortable: true });
    const first = render(<Answer server={server} />, { wrapper: mode.wrapper });
    await waitFor(() => expect(kept()).toMatchObject({ abortable: true }));
    const ticket = kept();
    act(() => {
      server.send([...opening, ...closing]);
      server.end();
    });
    await waitFor(() => expect(shown().dataset.status).toBe('done'));
    first.unmount();
    // As if the page had been reloaded before the end: the kept ticket is abortable.
    sessionStorage.setItem(KEY, JSON.stringify(ticket));
    const before = server.requests.length;

    render(<Answer server={server} />, { wrapper: mode.wrapper });
    await waitFor(() => expect(shown().dataset.status).toBe('done'));
    expect(server.requests.slice(before).map((request) => request.method)).toEqual(
      mode.strict ? ['GET', 'GET'] : ['GET'],
    );
  });

  it('keeps the ticket in the given storage, and touches no storage when rendered on the server', async () => {
    const server = resumableServer();
    const storage = new MemoryStorage();
    const spy = vi.spyOn(storage, 'getItem');
    expect(renderToString(<Answer server={server} storage={storage} />)).toContain('data-status="idle"');
    expect([spy.mock.calls, server.requests]).toEqual([[], []]);

    render(<Answer server={server} storage={storage} />, { wrapper: mode.wrapper });
    await waitFor(() => expect(kept(storage)).toMatchObject({ id: server.answers.at(-1)?.id }));
    expect(sessionStorage.length).toBe(0);
  });
});

class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  clear(): void {
    this.#items.clear();
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, value);
  }
}
