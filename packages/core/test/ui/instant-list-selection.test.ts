// What every binding's list reader subscribes to: the list's own path and the selector of its items.
import { createFieldStore, type DynamicPath, PathSyntaxError } from '@fieldstream/core';
import { instantListSelection } from '@fieldstream/core/bindings';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { open, streamText } from '../store/patches';

describe('instantListSelection', () => {
  it("listens at the list's path, the pattern without its [*]", () => {
    expect(instantListSelection('items[*]').path).toBe('items');
    expect(instantListSelection('groups[1].tags[*]').path).toBe('groups[1].tags');
    expect(instantListSelection('[*]').path).toBe('');
  });

  it('selects the items, and the dropped ones only with includeRemoved', () => {
    const store = createFieldStore();
    store.apply([open('items', 'array'), ...streamText('items[0]', 'a'), ...streamText('items[1]', 'b')]);
    store.dispatch({ type: 'final', attempt: 0, data: { items: ['A'] } });
    const kept = { key: 'items[0]', path: 'items[0]', index: 0, removed: false };
    expect(instantListSelection('items[*]').selector(store.getState())).toEqual([kept]);
    expect(instantListSelection('items[*]', true).selector(store.getState())).toEqual([
      kept,
      { key: 'items[1]', path: 'items[1]', index: 1, removed: true },
    ]);
  });

  it('types item paths from the pattern', () => {
    const typed = instantListSelection<{ items: string[] }, 'items[*]'>('items[*]');
    expectTypeOf(typed.selector).returns.items.toHaveProperty('path').toEqualTypeOf<`items[${number}]`>();
    const dynamic = instantListSelection<unknown, DynamicPath>('items[*]' as DynamicPath);
    expectTypeOf(dynamic.selector).returns.items.toHaveProperty('path').toEqualTypeOf<DynamicPath>();
  });

  it("throws listSelector's PathSyntaxError for a pattern that is no list pattern", () => {
    expect(() => instantListSelection('items')).toThrow(PathSyntaxError);
    expect(() => instantListSelection('items[*].tags[*]')).toThrow(PathSyntaxError);
  });
});
