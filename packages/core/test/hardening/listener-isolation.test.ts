import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import type { StreamingData } from '../../src/patch/streaming-data';
import { createResponse } from '../../src/response/create-response';
import { createFieldStore } from '../../src/store/field-store';
import { scriptedModel } from '../../src/testing/scripted-model';
import { thrownValues } from '../support/unreadable-values';

// A listener that throws is reported with console.error: it never stops the other listeners,
// never breaks the response or the store, and never becomes an uncaught exception.
let reported: MockInstance<typeof console.error>;
let uncaught: unknown[];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeEach(() => {
  reported = vi.spyOn(console, 'error').mockImplementation(() => {});
  uncaught = [];
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
});
afterEach(() => {
  reported.mockRestore();
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const patch = (path: string, value: unknown): StreamingData => ({
  path,
  wildcard_path: path,
  indexes: [],
  delta: '',
  value,
  is_complete: true,
  event_type: 'done',
  completion_source: 'observed_boundary',
});
const bug = () => {
  throw new Error('listener bug');
};

describe('listener isolation', () => {
  it('observe: a throwing observer, before and after another, stops nothing', async () => {
    const response = createResponse({ model: scriptedModel({ answers: ['{"a": 1}'] }), input: 'x', format: 'json' });
    response.observe(bug);
    const seen: string[] = [];
    response.observe((event) => seen.push(event.type));
    response.observe(() => bug()); // a second, distinct throwing listener
    expect(await response.getData()).toEqual({ a: 1 });
    await settle();
    expect(seen).toEqual(['model.requesting', 'model.completed', 'model.done']);
    expect(reported).toHaveBeenCalledTimes(2 * seen.length);
    expect(reported.mock.calls[0]?.[0]).toMatch(/listener threw/);
    expect(uncaught).toEqual([]);
  });

  it('store.subscribe and subscribePath: every other listener still hears every update', () => {
    const store = createFieldStore();
    const heard: string[] = [];
    store.subscribe(bug);
    store.subscribe(() => heard.push('all'));
    store.subscribePath('a', bug);
    store.subscribePath('a', () => heard.push('a'));
    store.apply([patch('a', 1)]);
    store.apply([patch('a', 2)]);
    expect(store.getField('a').value).toBe(2);
    expect(heard).toEqual(['all', 'a', 'all', 'a']);
    expect(reported).toHaveBeenCalledTimes(4);
    expect(uncaught).toEqual([]);
  });

  it('a store bound to a response, with a throwing subscriber, still follows it to the end', async () => {
    const response = createResponse({ model: scriptedModel({ answers: ['{"a": 1}'] }), input: 'x', format: 'json' });
    const store = createFieldStore(response);
    store.subscribe(bug);
    expect(await response.getData()).toEqual({ a: 1 });
    await settle();
    expect(store.getState()).toMatchObject({ status: 'done', data: { a: 1 } });
    expect(reported).toHaveBeenCalled();
    expect(uncaught).toEqual([]);
  });

  it.each(thrownValues())(
    'every listener throwing $name: reported as it was thrown, the response and its store end as usual',
    async ({ value }) => {
      const toss = () => {
        throw value;
      };
      const response = createResponse({ model: scriptedModel({ answers: ['{"a": 1}'] }), input: 'x', format: 'json' });
      response.observe(toss);
      response.subscribe(toss);
      response.subscribeChunks({ events: toss, patches: toss });
      const store = createFieldStore(response);
      store.subscribe(toss, { onPending: toss });
      store.subscribePath('a', toss);
      expect(await response.getData()).toEqual({ a: 1 });
      await settle();
      expect(store.getState()).toMatchObject({ status: 'done', data: { a: 1 } });
      expect(reported).toHaveBeenCalled();
      for (const [message, thrown] of reported.mock.calls) {
        expect(message).toMatch(/listener threw/);
        expect(thrown).toBe(value);
      }
      expect(uncaught).toEqual([]);
    },
  );

  it('a listener that is not a function is refused when it is registered', () => {
    const response = createResponse({ model: scriptedModel({ answers: ['x'] }), input: 'x' });
    const store = createFieldStore();
    for (const register of [
      () => response.observe(42 as never),
      () => response.subscribe(null as never),
      () => store.subscribe('x' as never),
      () => store.subscribePath('a', {} as never),
    ]) {
      expect(register).toThrowError(expect.objectContaining({ name: 'ArgumentError', code: expect.any(String) }));
    }
  });
});
