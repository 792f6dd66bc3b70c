import {
  createFieldStore,
  type FieldStoreState,
  fieldSelector,
  formatPath,
  type PathSegment,
  PathSyntaxError,
  REASONING_PATH,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { close, open, partialText, scalar, streamText } from './patches';

type Incident = { summary: string; meta: { score: number; tags: string[] }; items: { name: string }[] };

function filledStore() {
  const store = createFieldStore();
  store.apply([
    open('', 'object'),
    ...streamText('summary', 'All systems nominal'),
    open('meta', 'object'),
    scalar('meta.score', 7),
    open('meta.tags', 'array'),
    ...streamText('meta.tags[0]', 'db'),
    open('items', 'array'),
    ...streamText('items[0].name', 'alpha'),
    ...partialText('items[1].name', 'bet'),
  ]);
  return store;
}

describe('createFieldStore without a source', () => {
  it('applies patches: the data tree and per-path state', () => {
    const store = filledStore();
    const state = store.getState();
    expect(state.status).toBe('streaming');
    expect(state.data).toEqual({
      summary: 'All systems nominal',
      meta: { score: 7, tags: ['db'] },
      items: [{ name: 'alpha' }, { name: 'bet' }],
    });
    expect(store.getField('summary')).toEqual({
      value: 'All systems nominal',
      isComplete: true,
      completionSource: 'observed_boundary',
      attempt: 0,
      stale: false,
      reconciled: undefined,
    });
    expect(store.getField('items[1].name')).toEqual({
      value: 'bet',
      isComplete: false,
      completionSource: undefined,
      attempt: 0,
      stale: false,
      reconciled: undefined,
    });
    expect(store.getField('nothing.here')).toMatchObject({ value: undefined, isComplete: false, attempt: undefined });
  });

  it('copies only the containers on the patched path; the previous snapshot is untouched', () => {
    const store = filledStore();
    const before = store.getState().data as Incident;
    store.apply(streamText('items[1].name', 'beta'));
    const after = store.getState().data as Incident;
    expect(after).not.toBe(before);
    expect(after.items).not.toBe(before.items);
    expect(after.items[1]).not.toBe(before.items[1]);
    expect(after.items[0]).toBe(before.items[0]);
    expect(after.meta).toBe(before.meta);
    expect(after.meta.tags).toBe(before.meta.tags);
    expect(before.items[1]?.name).toBe('bet');
    expect(after.items[1]?.name).toBe('beta');
  });

  it('publishes no new snapshot when a batch changes nothing', () => {
    const store = filledStore();
    let notified = 0;
    store.subscribe(() => notified++);
    const state = store.getState();
    store.apply([scalar('meta.score', 7), open('meta', 'object')]);
    store.apply([]);
    expect(notified).toBe(0);
    expect(store.getState()).toBe(state);
  });

  it('notifies once per batch', () => {
    const store = createFieldStore();
    const seen: FieldStoreState[] = [];
    store.subscribe((state) => seen.push(state));
    store.apply(streamText('summary', 'one two three four', 1));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.data).toEqual({ summary: 'one two three four' });
  });

  it('gives a selector the same object until its own path changes', () => {
    const store = filledStore();
    const selectScore = fieldSelector('meta.score');
    const selectName = fieldSelector('items[1].name');
    const score = selectScore(store.getState());
    const name = selectName(store.getState());
    store.apply(partialText('items[1].name', 'beta g'));
    expect(selectScore(store.getState())).toBe(score);
    expect(selectName(store.getState())).not.toBe(name);
    expect(selectName(store.getState()).value).toBe('beta g');
    // A path spelled differently is the same field.
    expect(fieldSelector('meta["score"]')(store.getState())).toEqual(score);
  });

  it('keeps reasoning out of the data tree and ignores other reserved channels', () => {
    const store = createFieldStore();
    store.apply([...partialText(REASONING_PATH, 'Thinking about it'), scalar('$status', 'busy'), scalar('ok', true)]);
    expect(store.getState().reasoning).toBe('Thinking about it');
    expect(store.getState().data).toEqual({ ok: true });
    expect(store.getState().fields.size).toBe(1);
  });

  it('stores __proto__, constructor and prototype keys as own data', () => {
    const store = createFieldStore();
    store.apply([
      ...streamText('["__proto__"].polluted', 'yes'),
      ...streamText('constructor.prototype.polluted', 'yes'),
      scalar('items[0]["__proto__"]', 'x'),
    ]);
    const data = store.getState().data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.hasOwn(data, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ polluted: 'yes' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(store.getField('["__proto__"].polluted').value).toBe('yes');
    expect(store.getField('constructor.prototype.polluted').value).toBe('yes');
    expect(store.getField('items[0]["__proto__"]').value).toBe('x');
  });

  it('applies and reconciles a 100 000-deep path without overflowing the stack', () => {
    const segments: PathSegment[] = [];
    for (let i = 0; i < 50_000; i++) segments.push('a', 0);
    const path = formatPath(segments);
    const store = createFieldStore();
    store.apply(streamText(path, 'deep', 2));
    expect(store.getField(path)).toMatchObject({ value: 'deep', isComplete: true });
    // The same tree as the final data, built bottom-up.
    let final: unknown = 'deep';
    for (let i = segments.length - 1; i >= 0; i--) final = segments[i] === 0 ? [final] : { a: final };
    store.dispatch({ type: 'final', attempt: 0, data: final });
    expect(store.getField(path)).toMatchObject({ value: 'deep', reconciled: 'confirmed' });
    expect(store.getField('a').reconciled).toBe('confirmed');
  });

  it('rejects a batch with a malformed path and applies none of it', () => {
    const store = createFieldStore();
    expect(() => store.apply([scalar('ok', 1), scalar('bad..path', 2)])).toThrow(PathSyntaxError);
    expect(store.getState()).toBe(store.getInitialState());
  });

  it('leaves the store as it was when a malformed path follows patches that wrote, and writes on from there', () => {
    const store = filledStore();
    const before = store.getState();
    const heard: number[] = [];
    store.subscribePath('meta', (state) => heard.push(Object.keys((state.data as Incident).meta).length));
    expect(() =>
      store.apply([scalar('meta.level', 'high'), scalar('summary', 'changed'), scalar('meta..bad', 1)]),
    ).toThrow(PathSyntaxError);
    expect(store.getState()).toBe(before);
    expect(heard).toEqual([]);
    // The next batch writes to the state as it was: the key the failed batch added is not in it.
    store.apply([scalar('meta.owner', 'ops')]);
    const data = store.getState().data as Incident & { meta: Record<string, unknown> };
    expect(Object.keys(data.meta)).toEqual(['score', 'tags', 'owner']);
    expect(data.summary).toBe('All systems nominal');
    expect(store.getField('meta.level')).toMatchObject({ value: undefined, isComplete: false });
    expect(store.getField('meta.owner')).toMatchObject({ value: 'ops', isComplete: true });
    expect(heard).toEqual([3]);
  });

  it('writes root-array paths', () => {
    const store = createFieldStore();
    store.apply([open('', 'array'), ...streamText('[0].title', 'first'), scalar('[1].n', 2)]);
    expect(store.getState().data).toEqual([{ title: 'first' }, { n: 2 }]);
  });

  it('keeps two stores apart when their responses interleave', () => {
    const left = createFieldStore();
    const right = createFieldStore();
    const a = streamText('summary', 'left side text', 3);
    const b = streamText('summary', 'right side', 2);
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const fromLeft = a[i];
      const fromRight = b[i];
      if (fromLeft) left.apply([fromLeft]);
      if (fromRight) right.apply([fromRight]);
    }
    right.apply([scalar('only_right', true)]);
    expect(left.getState().data).toEqual({ summary: 'left side text' });
    expect(right.getState().data).toEqual({ summary: 'right side', only_right: true });
    expect(left.getField('only_right').value).toBeUndefined();
  });

  it('settles a container on its done: keeps streamed children, adds unstreamed ones', () => {
    const store = createFieldStore();
    store.apply([open('meta', 'object'), scalar('meta.score', 3)]);
    store.apply([close('meta', { score: 3, extra: 'x' })]);
    expect(store.getState().data).toEqual({ meta: { score: 3, extra: 'x' } });
    const settled = store.getState().data;
    store.apply([close('meta', { score: 3, extra: 'x' })]);
    expect(store.getState().data).toBe(settled);
  });

  it('keeps the record of every streamed path after the final data, and reconciles each', () => {
    const store = createFieldStore();
    store.dispatch([
      { type: 'attempt', attempt: 0, format: 'json' },
      { type: 'patch', attempt: 0, data: scalar('title', 'T') },
      { type: 'patch', attempt: 0, data: open('tags', 'array') },
      { type: 'patch', attempt: 0, data: scalar('tags[0]', 'x', 'synthetic_repair') },
      { type: 'patch', attempt: 0, data: close('tags', ['x']) },
      { type: 'final', attempt: 0, data: { title: 'T', tags: ['y'] } },
    ]);
    const record = (completionSource: string) => ({ isComplete: true, completionSource, attempt: 0 });
    expect([...store.getState().fields.entries()]).toEqual([
      ['title', record('observed_boundary')],
      ['tags', record('observed_boundary')],
      ['tags[0]', record('synthetic_repair')],
    ]);
    expect(store.getField('title')).toEqual({
      value: 'T',
      isComplete: true,
      completionSource: 'observed_boundary',
      attempt: 0,
      stale: false,
      reconciled: 'confirmed',
      rejected: undefined,
    });
    expect(store.getField('tags[0]')).toMatchObject({ value: 'y', reconciled: 'changed', attempt: 0 });
    expect(store.getField('tags[1]')).toMatchObject({ value: undefined, reconciled: 'confirmed', attempt: undefined });
  });
});
