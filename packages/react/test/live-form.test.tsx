import { createFieldStore, defineOutput, type StreamingData } from '@fieldstream/core';
import { LiveForm } from '@fieldstream/react';
import { act, render, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { type CommitCounts, Counted, countOf } from './support/commit-counter';
import { close, createTestSource, open, partialText, scalar, streamText } from './support/fixtures';
import { fieldAt, valueAt } from './support/form-queries';
import { describeInModes } from './support/modes';

const incident = defineOutput({
  summary: ['string', 'one-line status'],
  meta: { score: ['integer', '0-10'], owner: ['string'] },
  steps: [{ title: ['string'], done: ['boolean'] }],
});

describeInModes('<LiveForm>', (mode) => {
  it('lays the form out from the schema, pending fields first', () => {
    const store = createFieldStore();
    const { container } = render(<LiveForm output={incident} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    const paths = [...container.querySelectorAll('.fs-field')].map((element) => element.getAttribute('data-path'));
    expect(paths).toEqual(['summary', 'meta.score', 'meta.owner']);
    expect(fieldAt(container, 'summary').dataset.phase).toBe('pending');
    // Objects and lists are groups named by their label (no fieldset: see live-form.tsx).
    const groups = within(container).getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('data-path'))).toEqual(['meta', 'steps']);
    expect(within(container).getByRole('group', { name: 'meta' })).toBe(groups[0]);
    expect(within(container).getByRole('group', { name: 'steps' })).toBe(groups[1]);
    expect(container.querySelector('fieldset, legend')).toBeNull();
    expect(container.querySelectorAll('.fs-list li')).toHaveLength(0);
  });

  it('grows lists item by item and fills each field as it streams', () => {
    const store = createFieldStore();
    const { container } = render(<LiveForm output={incident} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    act(() =>
      store.apply([open('steps', 'array'), open('steps[0]', 'object'), ...partialText('steps[0].title', 'Rest')]),
    );
    expect(container.querySelectorAll('.fs-list li')).toHaveLength(1);
    expect(valueAt(container, 'steps[0].title')).toBe('Rest');
    expect(fieldAt(container, 'steps[0].title').dataset.phase).toBe('streaming');
    act(() => store.apply([...streamText('steps[0].title', 'Restart db'), scalar('steps[0].done', true)]));
    expect(fieldAt(container, 'steps[0].title').dataset.phase).toBe('complete');
    expect(valueAt(container, 'steps[0].done')).toBe('true');
    act(() => store.apply(partialText('steps[1].title', 'Che')));
    expect([...container.querySelectorAll('.fs-list li')].map((li) => li.getAttribute('data-path'))).toEqual([
      'steps[0]',
      'steps[1]',
    ]);
  });

  it('marks provisional and stale values, then reconciles with the final data', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { container } = render(<LiveForm output={incident} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    act(() => {
      source.attempt(0);
      source.patches(0, [
        ...streamText('summary', 'Database down'),
        ...streamText('meta.owner', 'ops'),
        scalar('meta.score', 4, 'synthetic_repair'),
      ]);
    });
    expect(fieldAt(container, 'meta.score').dataset.provisional).toBe('true');
    expect(fieldAt(container, 'summary').dataset.provisional).toBeUndefined();

    act(() => source.attempt(1, 'validation failed'));
    for (const path of ['summary', 'meta.owner', 'meta.score']) {
      expect(fieldAt(container, path).dataset.stale).toBe('true');
    }
    expect(valueAt(container, 'summary')).toBe('Database down');
    act(() => source.patches(1, streamText('summary', 'Database recovered')));
    expect(fieldAt(container, 'summary').dataset.stale).toBeUndefined();
    expect(valueAt(container, 'summary')).toBe('Database recovered');
    expect(fieldAt(container, 'meta.owner').dataset.stale).toBe('true');

    act(() =>
      source.emit({
        type: 'final',
        attempt: 1,
        data: { summary: 'Database recovered', meta: { score: 6 }, steps: [{ title: 'Check', done: false }] },
      }),
    );
    expect(fieldAt(container, 'summary').dataset.reconciled).toBe('confirmed');
    expect(fieldAt(container, 'meta.score').dataset.reconciled).toBe('changed');
    expect(valueAt(container, 'meta.score')).toBe('6');
    expect(fieldAt(container, 'meta.owner').dataset.reconciled).toBe('removed');
    expect(valueAt(container, 'meta.owner')).toBe('');
    expect(fieldAt(container, 'steps[0].title').dataset.reconciled).toBe('changed');
    expect(container.querySelectorAll('[data-stale], [data-provisional]')).toHaveLength(0);
  });

  it('clears the failed attempt with onRetry: clear', () => {
    const source = createTestSource();
    const store = createFieldStore(source, { onRetry: 'clear' });
    const { container } = render(<LiveForm output={incident} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    act(() => {
      source.attempt(0);
      source.patches(0, [
        ...streamText('summary', 'first try'),
        open('steps', 'array'),
        ...streamText('steps[0].title', 'x'),
      ]);
    });
    act(() => source.attempt(1));
    expect(valueAt(container, 'summary')).toBe('');
    expect(container.querySelectorAll('.fs-list li')).toHaveLength(0);
  });

  it('shows nothing that arrives after an abort', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { container } = render(<LiveForm output={incident} store={store} schedule="sync" />, {
      wrapper: mode.wrapper,
    });
    act(() => {
      source.attempt(0);
      source.patches(0, partialText('summary', 'Half a sen'));
      source.emit({ type: 'aborted', attempt: 0 });
      source.patches(0, [...streamText('summary', 'Half a sentence'), scalar('meta.score', 1)]);
    });
    expect(valueAt(container, 'summary')).toBe('Half a sen');
    expect(fieldAt(container, 'summary').dataset.phase).toBe('streaming');
    expect(valueAt(container, 'meta.score')).toBe('');
  });
});

describeInModes('<LiveForm> re-renders per frame', (mode) => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('re-renders a field once per frame in which its own path changed, others never', () => {
    const wide = defineOutput(
      Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, ['string']])) as Record<
        string,
        readonly ['string']
      >,
    );
    const store = createFieldStore();
    const counts: CommitCounts = new Map();
    render(
      <LiveForm
        output={wide}
        store={store}
        renderValue={(field, path) => (
          <Counted counts={counts} name={path}>
            {String(field.value ?? '')}
          </Counted>
        )}
      />,
      { wrapper: mode.wrapper },
    );
    counts.clear();
    // 5 000 patches for f0…f39 (125 each), 50 patches per frame: 100 frames.
    const patches: StreamingData[] = [];
    for (let i = 0; i < 40; i++) patches.push(...streamText(`f${i}`, 'y'.repeat(124), 1));
    const framesTouching = new Map<string, number>();
    for (let frame = 0; frame < 100; frame++) {
      const batch = patches.slice(frame * 50, frame * 50 + 50);
      for (const path of new Set(batch.map((patch) => patch.path))) {
        framesTouching.set(path, (framesTouching.get(path) ?? 0) + 1);
      }
      act(() => {
        for (const patch of batch) store.apply([patch]);
      });
      act(() => vi.advanceTimersToNextFrame());
    }
    for (let i = 0; i < 50; i++) expect(countOf(counts, `f${i}`)).toBe(framesTouching.get(`f${i}`) ?? 0);
    expect(countOf(counts, 'f49')).toBe(0);
  });
});

it('settles a list container without remounting streamed items', () => {
  const store = createFieldStore();
  const { container, unmount } = render(<LiveForm output={incident} store={store} schedule="sync" />);
  act(() => store.apply([open('steps', 'array'), ...streamText('steps[0].title', 'One')]));
  const item = container.querySelector('li');
  act(() => store.apply([close('steps', [{ title: 'One' }])]));
  act(() => store.dispatch({ type: 'final', attempt: 0, data: { steps: [{ title: 'One!' }] } }));
  expect(container.querySelector('li')).toBe(item);
  expect(valueAt(container, 'steps[0].title')).toBe('One!');
  unmount();
});
