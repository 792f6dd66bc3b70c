import {
  type ChunkEvent,
  type ChunkListener,
  createFieldStore,
  createStoreView,
  type FieldStore,
  type ResponseEvent,
  type ResponseSource,
  type Schedule,
  type StreamingData,
} from '@fieldstream/core';
import { useInstantField, useStreamStatus } from '@fieldstream/react';
import { act, render, screen } from '@testing-library/react';
import { Profiler, useState } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { partialText, streamText } from './support/fixtures';
import { describeInModes, type RenderMode } from './support/modes';

function setup(wrapper: RenderMode['wrapper'], schedule?: Schedule) {
  const store = createFieldStore();
  let commits = 0;
  render(
    <Profiler id="form" onRender={() => commits++}>
      {['a', 'b', 'c', 'd'].map((path) => (
        <Field key={path} store={store} path={path} schedule={schedule} />
      ))}
    </Profiler>,
    { wrapper },
  );
  commits = 0;
  return { store, commits: () => commits, text: (path: string) => screen.getByTestId(path).textContent };
}

function Field({ store, path, schedule }: { store: FieldStore; path: string; schedule?: Schedule | undefined }) {
  const field = useInstantField(store, path, schedule === undefined ? {} : { schedule });
  return <p data-testid={path}>{String(field.value ?? '')}</p>;
}

/** Field `a`'s value; `expose` receives a function that re-renders it. */
function ValueOfA({ store, expose }: { store: FieldStore; expose: (rerender: () => void) => void }) {
  const [renders, setRenders] = useState(0);
  expose(() => setRenders(renders + 1));
  return <p data-testid="a">{String(useInstantField(store, 'a').value ?? '')}</p>;
}

function Status({ store }: { store: FieldStore }) {
  return <p data-testid="status">{useStreamStatus(store).status}</p>;
}

/** A store bound to a source that pushes chunks as a response does; `send` pushes one chunk or event batch. */
function boundStore() {
  let listener: ChunkListener | undefined;
  const source = {
    subscribe: () => () => {},
    subscribeChunks(chunks: ChunkListener) {
      listener = chunks;
      return () => {};
    },
  } as unknown as ResponseSource;
  const send = (input: ChunkEvent | ResponseEvent[]): void => {
    if (Array.isArray(input)) listener?.events(input);
    else listener?.patches(input);
  };
  return { store: createFieldStore(source), send };
}

const applyEach = (store: ReturnType<typeof createFieldStore>, patches: StreamingData[]): void => {
  for (const patch of patches) store.apply([patch]);
};

describeInModes('frame coalescing', (mode) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('turns many patches within one frame into one commit', () => {
    const { store, commits, text } = setup(mode.wrapper);
    act(() => {
      applyEach(store, partialText('a', 'alpha beta gamma', 1));
      applyEach(store, partialText('b', 'second field', 2));
      applyEach(store, partialText('c', 'third', 1));
    });
    expect(commits()).toBe(0);
    expect(text('a')).toBe('');
    act(() => vi.advanceTimersToNextFrame());
    expect(commits()).toBe(1);
    expect([text('a'), text('b'), text('c'), text('d')]).toEqual(['alpha beta gamma', 'second field', 'third', '']);
    act(() => vi.advanceTimersToNextFrame());
    expect(commits()).toBe(1);
  });

  it('commits at most once per frame while patches keep coming', () => {
    const { store, commits, text } = setup(mode.wrapper);
    const patches = partialText('a', 'x'.repeat(300), 1);
    for (let frame = 0; frame < 10; frame++) {
      act(() => applyEach(store, patches.slice(frame * 30, frame * 30 + 30)));
      act(() => vi.advanceTimersToNextFrame());
      expect(commits()).toBe(frame + 1);
    }
    expect(text('a')).toHaveLength(300);
  });

  it('delivers the end of a response at once, without waiting for the frame', () => {
    const { store, commits, text } = setup(mode.wrapper);
    act(() => {
      applyEach(store, partialText('a', 'almost', 1));
      store.dispatch({ type: 'final', attempt: 0, data: { a: 'almost done', b: 'added' } });
    });
    expect(commits()).toBe(1);
    expect([text('a'), text('b')]).toEqual(['almost done', 'added']);
  });

  it('delivers an abort at once', () => {
    const { store, text } = setup(mode.wrapper);
    act(() => {
      applyEach(store, partialText('a', 'cut off', 1));
      store.dispatch({ type: 'aborted', attempt: 0 });
    });
    expect(text('a')).toBe('cut off');
  });

  it('renders on every update with schedule: sync', () => {
    const { store, commits } = setup(mode.wrapper, 'sync');
    for (const patch of streamText('a', 'abc', 1)) act(() => store.apply([patch]));
    expect(commits()).toBe(4);
  });

  it('flushes when a custom scheduler says so', () => {
    const flushes: (() => void)[] = [];
    let cancelled = 0;
    const schedule = (flush: () => void) => {
      flushes.push(flush);
      return () => cancelled++;
    };
    const { store, commits, text } = setup(mode.wrapper, schedule);
    act(() => applyEach(store, partialText('b', 'custom', 1)));
    expect(flushes).toHaveLength(1);
    expect(commits()).toBe(0);
    act(() => flushes[0]?.());
    expect(commits()).toBe(1);
    expect(text('b')).toBe('custom');
    expect(cancelled).toBe(0);
    // The end of the response cancels the scheduled flush and delivers at once.
    act(() => {
      applyEach(store, partialText('c', 'end', 1));
      store.dispatch({ type: 'aborted', attempt: 0 });
    });
    expect(flushes).toHaveLength(2);
    expect(cancelled).toBe(1);
    expect(text('c')).toBe('end');
  });

  it('delivers the end of a response though the custom scheduler it cancels throws, and reports what it threw', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const thrown = Object.create(null);
    const schedule = () => () => {
      throw thrown;
    };
    const { store, text } = setup(mode.wrapper, schedule);
    act(() => {
      applyEach(store, partialText('c', 'end', 1));
      store.dispatch({ type: 'aborted', attempt: 0 });
    });
    expect(text('c')).toBe('end');
    expect(
      errors.mock.calls.some(([message, error]) => /listener threw/.test(String(message)) && error === thrown),
    ).toBe(true);
    errors.mockRestore();
  });

  it('never calls a listener that unsubscribed while its notification was pending', () => {
    const store = createFieldStore();
    const heard: string[] = [];
    const stopFirst = createStoreView(store).subscribe(() => heard.push('first'));
    const stopSecond = createStoreView(store, { schedule: 'frame' }).subscribe(() => heard.push('second'));
    store.apply(partialText('a', 'pending', 1));
    stopFirst();
    vi.advanceTimersToNextFrame();
    expect(heard).toEqual(['second']);
    stopSecond();
  });

  it("applies a bound response's chunks once per frame, not once per chunk, and its end at once", () => {
    const { store, send } = boundStore();
    // Counts the store's updates without asking for each chunk at once.
    let updates = 0;
    store.subscribe(() => updates++, { onPending: () => {} });
    let commits = 0;
    render(
      <Profiler id="form" onRender={() => commits++}>
        {['a', 'b'].map((path) => (
          <Field key={path} store={store} path={path} />
        ))}
      </Profiler>,
      { wrapper: mode.wrapper },
    );
    act(() => send([{ type: 'attempt', attempt: 0, format: 'json' }]));
    [updates, commits] = [0, 0];
    const patches = partialText('a', 'one update per frame', 1);
    for (let frame = 0; frame < 4; frame++) {
      act(() => {
        for (const patch of patches.slice(frame * 5, frame * 5 + 5)) {
          send({ type: 'chunk', attempt: 0, text: patch.delta, patches: [patch] });
        }
      });
      expect(updates).toBe(frame);
      act(() => vi.advanceTimersToNextFrame());
      expect([updates, commits]).toEqual([frame + 1, frame + 1]);
      expect(screen.getByTestId('a').textContent).toBe('one update per frame'.slice(0, frame * 5 + 5));
    }
    act(() => {
      send({ type: 'chunk', attempt: 0, text: '!', patches: partialText('b', 'end', 1) });
      send([{ type: 'final', attempt: 0, data: { a: 'one update per frame', b: 'end!' } }]);
    });
    expect(updates).toBe(5);
    expect([screen.getByTestId('a').textContent, screen.getByTestId('b').textContent]).toEqual([
      'one update per frame',
      'end!',
    ]);
  });

  it("reports a malformed chunk that a component's render applies to the other components, not during that render", async () => {
    vi.useRealTimers();
    const { store, send } = boundStore();
    let rerender = (): void => {};
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <>
        <ValueOfA
          store={store}
          expose={(again) => {
            rerender = again;
          }}
        />
        <Status store={store} />
      </>,
      { wrapper: mode.wrapper },
    );
    act(() => send([{ type: 'attempt', attempt: 0, format: 'json' }]));
    const [good] = partialText('a', 'kept', 4);
    const [bad] = partialText('a..b', 'x', 1);
    act(() => send({ type: 'chunk', attempt: 0, text: 'kept', patches: [good as StreamingData] }));
    act(() => send({ type: 'chunk', attempt: 0, text: 'x', patches: [bad as StreamingData] }));
    // The chunks wait in the store; this render's read applies them, and the bad one fails there.
    await act(async () => rerender());
    expect(store.getState().error?.code).toBe('STORE_INVALID_PATCH');
    expect([screen.getByTestId('a').textContent, screen.getByTestId('status').textContent]).toEqual(['kept', 'error']);
    expect(errors.mock.calls.filter(([message]) => String(message).includes('while rendering'))).toEqual([]);
    errors.mockRestore();
  });
});
