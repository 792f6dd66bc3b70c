import { createFieldStore, type StreamingData, selectToolCalls } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';

/** A `$tools` patch as a (possibly hostile) source sends it. */
function patch(path: string, value: unknown, done = false): StreamingData {
  return {
    path,
    wildcard_path: path.replace(/\[\d+\]/g, '[*]'),
    indexes: [],
    delta: '',
    value,
    is_complete: done,
    event_type: done ? 'done' : 'delta',
    ...(done ? { completion_source: 'observed_boundary' as const } : {}),
  };
}

describe('the store’s $tools channel', () => {
  it('keeps tool calls out of the data tree and lists them with per-argument done', () => {
    const store = createFieldStore();
    store.apply([
      patch('$tools[0]', {}),
      patch('$tools[0].name', 'search', true),
      patch('$tools[0].arguments', {}),
      patch('$tools[0].arguments.query', 'disk'),
    ]);
    expect(store.getState().data).toBeUndefined();
    expect(store.getField('$tools[0].arguments.query')).toMatchObject({ value: 'disk', isComplete: false });
    const first = selectToolCalls(store.getState());
    expect(selectToolCalls(store.getState())).toBe(first); // the same array while nothing changed
    store.apply([patch('$tools[0].arguments.query', 'disk full', true)]);
    expect(store.getField('$tools[0].arguments.query')).toMatchObject({ value: 'disk full', isComplete: true });
    expect(selectToolCalls(store.getState())).toEqual([
      { index: 0, id: '', name: 'search', arguments: { query: 'disk full' }, isComplete: false },
    ]);
  });

  it('hostile patches: prototype keys stay own data, a call that never opened and a jump past a list are dropped', () => {
    const store = createFieldStore();
    store.apply([
      patch('$tools[0]', {}),
      patch('$tools[0].arguments', {}),
      patch('$tools[0].arguments.__proto__', { polluted: true }, true),
      patch('$tools[0].arguments.constructor.prototype', { polluted: true }, true),
      patch('$tools[5].name', 'ghost', true),
      patch('$tools[0].arguments.list[3]', 'x', true),
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [call] = selectToolCalls(store.getState());
    expect(Object.getPrototypeOf(call?.arguments)).toBe(Object.prototype);
    expect(Object.hasOwn(call?.arguments as object, '__proto__')).toBe(true);
    expect(selectToolCalls(store.getState())).toHaveLength(1);
    expect(store.getField('$tools[0].arguments.list').value).toBeUndefined();
    expect(store.getState().status).not.toBe('error');
  });

  it('a retry clears the failed attempt’s calls', () => {
    const store = createFieldStore();
    store.dispatch([
      { type: 'patch', attempt: 0, data: patch('$tools[0]', {}) },
      { type: 'patch', attempt: 0, data: patch('$tools[0].name', 'search', true) },
    ]);
    expect(selectToolCalls(store.getState())).toHaveLength(1);
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    expect(selectToolCalls(store.getState())).toEqual([]);
  });
});
