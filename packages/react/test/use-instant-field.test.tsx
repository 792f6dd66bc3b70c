import {
  createFieldStore,
  type FieldState,
  type FieldStore,
  ProviderError,
  type StreamingData,
} from '@fieldstream/core';
import { useInstantField } from '@fieldstream/react';
import { act, render, renderHook, screen } from '@testing-library/react';
import { Component, type ReactElement, type ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { type CommitCounts, Counted, countOf } from './support/commit-counter';
import { scalar, streamText } from './support/fixtures';
import { describeInModes } from './support/modes';

const FIELDS = 50;
const fieldPath = (i: number): string => `f${i}`;

describeInModes('useInstantField', (mode) => {
  it('returns the path state and follows its patches', () => {
    const store = createFieldStore();
    const { result } = renderHook(() => useInstantField(store, 'meta.title', { schedule: 'sync' }), {
      wrapper: mode.wrapper,
    });
    expect(result.current).toEqual({
      value: undefined,
      isComplete: false,
      completionSource: undefined,
      attempt: undefined,
      stale: false,
      reconciled: undefined,
    });
    const [first, ...rest] = streamText('meta.title', 'Outage', 3);
    act(() => store.apply([first as StreamingData]));
    expect(result.current).toMatchObject({ value: 'Out', isComplete: false });
    act(() => store.apply(rest));
    expect(result.current).toMatchObject({ value: 'Outage', isComplete: true, completionSource: 'observed_boundary' });
  });

  it('re-renders each of 50 fields only for its own patches (5 000 patches), untouched fields never', () => {
    const store = createFieldStore();
    const counts: CommitCounts = new Map();
    render(
      <div>
        {Array.from({ length: FIELDS }, (_, i) => (
          <SyncField key={fieldPath(i)} store={store} path={fieldPath(i)} counts={counts} />
        ))}
      </div>,
      { wrapper: mode.wrapper },
    );
    counts.clear();
    // 40 fields get 125 patches each (124 one-character deltas + done); f40…f49 get none.
    const patchesPerField = new Map<string, number>();
    const patches: StreamingData[] = [];
    for (let i = 0; i < 40; i++) {
      const own = streamText(fieldPath(i), `${i}`.padEnd(124, 'x'), 1);
      patchesPerField.set(fieldPath(i), own.length);
      patches.push(...own);
    }
    expect(patches).toHaveLength(5_000);
    for (const patch of patches) act(() => store.apply([patch]));
    for (let i = 0; i < FIELDS; i++) {
      expect(countOf(counts, fieldPath(i))).toBe(patchesPerField.get(fieldPath(i)) ?? 0);
    }
  });

  it('uses a pluggable equals to decide what counts as a change', () => {
    const store = createFieldStore();
    const counts: CommitCounts = new Map();
    render(<Done store={store} counts={counts} />, { wrapper: mode.wrapper });
    counts.clear();
    for (const patch of streamText('summary', 'a longer summary', 2)) act(() => store.apply([patch]));
    expect(countOf(counts, 'done')).toBe(1);
    expect(screen.getByText('done')).toBeTruthy();
  });

  it('throws the store error into an error boundary only with throwOnError', () => {
    // React reports errors caught by a boundary on console.error.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createFieldStore();
    const error = new ProviderError('anthropic', 'overloaded_error', 'Overloaded');
    const quiet = createFieldStore();
    render(
      <Boundary>
        <Summary store={store} throwOnError />
        <Summary store={quiet} throwOnError={false} />
      </Boundary>,
      { wrapper: mode.wrapper },
    );
    act(() => quiet.apply([scalar('summary', 'fine')]));
    act(() => quiet.dispatch({ type: 'error', attempt: 0, error }));
    expect(screen.getByText('fine')).toBeTruthy();
    act(() => store.dispatch({ type: 'error', attempt: 0, error }));
    expect(screen.getByRole('alert').textContent).toBe('ProviderError: anthropic: Overloaded');
    consoleError.mockRestore();
  });
});

function SyncField({ store, path, counts }: { store: FieldStore; path: string; counts: CommitCounts }): ReactElement {
  const field = useInstantField(store, path, { schedule: 'sync' });
  return (
    <Counted counts={counts} name={path}>
      {String(field.value ?? '')}
    </Counted>
  );
}

const sameCompletion = (a: FieldState, b: FieldState): boolean => a.isComplete === b.isComplete;

function Done({ store, counts }: { store: FieldStore; counts: CommitCounts }): ReactElement {
  const field = useInstantField(store, 'summary', { schedule: 'sync', equals: sameCompletion });
  return (
    <Counted counts={counts} name="done">
      {field.isComplete ? 'done' : 'working'}
    </Counted>
  );
}

function Summary({ store, throwOnError }: { store: FieldStore; throwOnError: boolean }): ReactElement {
  const field = useInstantField(store, 'summary', { schedule: 'sync', throwOnError });
  return <p>{String(field.value)}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | undefined }> {
  override state = { error: undefined as Error | undefined };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render(): ReactNode {
    const { error } = this.state;
    return error ? <p role="alert">{`${error.name}: ${error.message}`}</p> : this.props.children;
  }
}
