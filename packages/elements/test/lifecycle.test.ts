// An element subscribes while it is in the document, and a response it started ends when it leaves.
import { createFieldStore, type FieldStore, type ResponseSource } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { createTestSource, mount, one, type TestSource } from './support/elements';

/** A store counting its live subscriptions (`subscribe` and `subscribePath`). */
function countingStore(): { store: FieldStore; live(): number } {
  const store = createFieldStore(createTestSource());
  let live = 0;
  const counted =
    <Args extends unknown[]>(subscribe: (...args: Args) => () => void) =>
    (...args: Args): (() => void) => {
      live++;
      const unsubscribe = subscribe(...args);
      return () => {
        live--;
        unsubscribe();
      };
    };
  const wrapped: FieldStore = {
    ...store,
    subscribe: counted(store.subscribe),
    subscribePath: counted(store.subscribePath),
  };
  return { store: wrapped, live: () => live };
}

const microtask = (): Promise<void> => Promise.resolve();

describe('element life cycle', () => {
  it('subscribes on connect and unsubscribes on disconnect, for every part', () => {
    const { store, live } = countingStore();
    const container = mount(
      '<fieldstream-field path="summary"></fieldstream-field><fieldstream-status></fieldstream-status>',
    );
    const field = one<HTMLElementTagNameMap['fieldstream-field']>(container, 'fieldstream-field');
    const status = one<HTMLElementTagNameMap['fieldstream-status']>(container, 'fieldstream-status');
    field.store = store;
    status.store = store;
    expect(live()).toBe(2);
    field.remove();
    expect(live()).toBe(1);
    container.append(field);
    expect(live()).toBe(2);
    container.remove();
    expect(live()).toBe(0);
  });

  it('a field inside a form shows the form’s store, set before or after the field connects', async () => {
    const source = createTestSource();
    const container = mount(
      '<fieldstream-form schedule="sync"><p>Summary: <fieldstream-field path="summary" schedule="sync"></fieldstream-field></p></fieldstream-form>',
    );
    const form = one<HTMLElementTagNameMap['fieldstream-form']>(container, 'fieldstream-form');
    const field = one<HTMLElementTagNameMap['fieldstream-field']>(container, 'fieldstream-field');
    expect(field.store).toBeUndefined();
    expect(field.textContent).toBe('');
    const store = createFieldStore(source);
    form.store = store;
    expect(field.store).toBe(store);
    source.attempt(0);
    store.dispatch({ type: 'final', attempt: 0, data: { summary: 'all good' } });
    await microtask();
    expect(field.querySelector('.fs-field-text')?.textContent).toBe('all good');
    // The form's own children stay; its region (and announcer) comes before them.
    expect([...form.children].map((child) => child.className || child.localName)).toEqual(['fs-live-form', 'p']);
    expect(form.querySelector('[role="status"]')?.textContent).toBe('Answer complete.');
    // A field given its own store keeps it.
    const own = createFieldStore();
    field.store = own;
    form.store = createFieldStore();
    expect(field.store).toBe(own);
  });

  describe('start', () => {
    function starter(): {
      start: (signal: AbortSignal) => ResponseSource;
      runs: { source: TestSource; signal: AbortSignal }[];
    } {
      const runs: { source: TestSource; signal: AbortSignal }[] = [];
      return {
        runs,
        start: (signal) => {
          const source = createTestSource();
          signal.addEventListener('abort', () => source.emit({ type: 'aborted', attempt: 0 }));
          runs.push({ source, signal });
          return source;
        },
      };
    }

    it('starts when connected, restarts when set again, and aborts when the element leaves the document', async () => {
      const { start, runs } = starter();
      const status = document.createElement('fieldstream-status');
      status.schedule = 'sync';
      status.start = start;
      expect(runs).toHaveLength(0);
      const container = mount('');
      container.append(status);
      expect(runs).toHaveLength(1);
      expect(status.response).toBe(runs[0]?.source);
      status.start = start;
      expect(runs.map((run) => run.signal.aborted)).toEqual([true, false]);
      const store = status.store;
      status.remove();
      // Left for good only at the end of the task.
      expect(runs[1]?.signal.aborted).toBe(false);
      await microtask();
      expect(runs[1]?.signal.aborted).toBe(true);
      expect(store?.getState().status).toBe('aborted');
      expect(status.store).toBeUndefined();
    });

    it('keeps the response when the element only moves', async () => {
      const { start, runs } = starter();
      const container = mount('<section></section>');
      const status = document.createElement('fieldstream-status');
      status.start = start;
      container.append(status);
      one(container, 'section').append(status);
      await microtask();
      expect(runs.map((run) => run.signal.aborted)).toEqual([false]);
      status.abort();
      expect(runs.map((run) => run.signal.aborted)).toEqual([true]);
    });

    it('shows a response started elsewhere, never aborting it', async () => {
      const source = createTestSource();
      const container = mount('<fieldstream-status schedule="sync"></fieldstream-status>');
      const status = one<HTMLElementTagNameMap['fieldstream-status']>(container, 'fieldstream-status');
      status.response = source;
      source.attempt(0);
      await microtask();
      expect(status.textContent).toBe('streaming');
      container.remove();
      await microtask();
      expect(source.listeners()).toBe(1);
    });
  });
});

it('a store bound to a response stops following it when another response is set', async () => {
  const first = createTestSource();
  const second = createTestSource();
  const container = mount('<fieldstream-status></fieldstream-status>');
  const status = one<HTMLElementTagNameMap['fieldstream-status']>(container, 'fieldstream-status');
  status.response = first;
  expect(first.listeners()).toBe(1);
  status.response = second;
  expect([first.listeners(), second.listeners()]).toEqual([0, 1]);
  expect(status.response).toBe(second);
});
