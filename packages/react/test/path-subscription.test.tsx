import { createFieldStore, type FieldStore } from '@fieldstream/core';
import { useInstantField, useInstantList } from '@fieldstream/react';
import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { open, partialText, scalar } from './support/fixtures';
import { describeInModes } from './support/modes';

const FIELDS = 300;
const paths = Array.from({ length: FIELDS }, (_, i) => `f${i}`);

/** Counts the hooks' snapshot reads: each one runs a selector. */
function countingStore(): { store: FieldStore; reads: () => number } {
  const store = createFieldStore();
  const getState = store.getState;
  let reads = 0;
  store.getState = () => {
    reads++;
    return getState();
  };
  return { store, reads: () => reads };
}

function Field({ store, path }: { store: FieldStore; path: string }) {
  const field = useInstantField(store, path, { schedule: 'sync' });
  return <p data-testid={path}>{String(field.value ?? '')}</p>;
}

function List({ store }: { store: FieldStore }) {
  const items = useInstantList(store, 'items[*]', { schedule: 'sync' });
  return <p data-testid="items">{items.length}</p>;
}

describeInModes('path subscriptions', ({ wrapper }) => {
  it(`runs the selectors of the patched field only, not of all ${FIELDS}`, () => {
    const { store, reads } = countingStore();
    render(
      <div>
        {paths.map((path) => (
          <Field key={path} store={store} path={path} />
        ))}
      </div>,
      { wrapper },
    );
    act(() => store.apply([open('', 'object')]));
    const before = reads();
    act(() => store.apply(partialText('f7', 'hello')));
    expect(screen.getByTestId('f7').textContent).toBe('hello');
    // One hook re-reads (React may read its snapshot a few times); the other 299 are not asked.
    expect(reads() - before).toBeGreaterThan(0);
    expect(reads() - before).toBeLessThan(10);
  });

  it('runs every selector for an update that touches every path (the final data)', () => {
    const { store, reads } = countingStore();
    render(
      <div>
        {paths.map((path) => (
          <Field key={path} store={store} path={path} />
        ))}
      </div>,
      { wrapper },
    );
    act(() => store.apply([scalar('f1', 'x')]));
    const before = reads();
    act(() => store.dispatch({ type: 'final', attempt: 0, data: { f1: 'y' } }));
    expect(screen.getByTestId('f1').textContent).toBe('y');
    expect(reads() - before).toBeGreaterThanOrEqual(FIELDS);
  });

  it('a list hears about writes inside its items, not about other fields', () => {
    const { store, reads } = countingStore();
    render(
      <>
        <List store={store} />
        {paths.map((path) => (
          <Field key={path} store={store} path={path} />
        ))}
      </>,
      { wrapper },
    );
    act(() => store.apply([scalar('items[0].name', 'a')]));
    expect(screen.getByTestId('items').textContent).toBe('1');
    let before = reads();
    act(() => store.apply([scalar('items[1].name', 'b')]));
    expect(screen.getByTestId('items').textContent).toBe('2');
    expect(reads() - before).toBeGreaterThan(0);
    before = reads();
    act(() => store.apply([scalar('f3', 'z')]));
    expect(screen.getByTestId('f3').textContent).toBe('z');
    expect(reads() - before).toBeLessThan(10);
  });
});
