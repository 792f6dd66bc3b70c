import { createFieldStore, listSelector, PathSyntaxError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { open, partialText, streamText } from './patches';

describe('listSelector', () => {
  it('lists items by path and keeps the array while the count is unchanged', () => {
    const store = createFieldStore();
    const select = listSelector('groups[1].tags[*]');
    expect(select(store.getState())).toEqual([]);
    store.apply([open('groups[1].tags', 'array'), ...partialText('groups[1].tags[0]', 'fi')]);
    const one = select(store.getState());
    expect(one).toEqual([{ key: 'groups[1].tags[0]', path: 'groups[1].tags[0]', index: 0, removed: false }]);
    store.apply(streamText('groups[1].tags[0]', 'first'));
    expect(select(store.getState())).toBe(one);
    store.apply(partialText('groups[1].tags[1]', 'se'));
    const two = select(store.getState());
    expect(two.map((item) => item.key)).toEqual(['groups[1].tags[0]', 'groups[1].tags[1]']);
  });

  it('keeps keys through reconciliation and can list removed items', () => {
    const store = createFieldStore();
    store.apply([open('items', 'array'), ...streamText('items[0]', 'a'), ...streamText('items[1]', 'b')]);
    const plain = listSelector('items[*]');
    const withRemoved = listSelector('items[*]', { includeRemoved: true });
    const keys = plain(store.getState()).map((item) => item.key);
    store.dispatch({ type: 'final', attempt: 0, data: { items: ['A'] } });
    expect(plain(store.getState()).map((item) => item.key)).toEqual([keys[0]]);
    expect(withRemoved(store.getState())).toEqual([
      { key: 'items[0]', path: 'items[0]', index: 0, removed: false },
      { key: 'items[1]', path: 'items[1]', index: 1, removed: true },
    ]);
  });

  it('lists a root array', () => {
    const store = createFieldStore();
    store.apply(streamText('[0].title', 'x'));
    expect(listSelector('[*]')(store.getState()).map((item) => item.path)).toEqual(['[0]']);
  });

  it('rejects a pattern that is not a concrete list path followed by [*]', () => {
    expect(() => listSelector('items')).toThrow(PathSyntaxError);
    expect(() => listSelector('items[*].tags[*]')).toThrow(PathSyntaxError);
  });
});
