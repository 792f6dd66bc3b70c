import {
  createFieldStore,
  type FieldStoreState,
  FieldstreamError,
  fieldPhase,
  isProvisional,
  ProviderError,
  type ResponseSource,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { close, open, partialText, scalar, streamText } from './patches';
import { createTestSource } from './test-source';

function firstAttempt() {
  const source = createTestSource();
  const store = createFieldStore(source);
  source.attempt(0);
  source.patches(0, [
    open('', 'object'),
    ...streamText('summary', 'Old summary'),
    open('items', 'array'),
    ...streamText('items[0]', 'a'),
    ...streamText('items[1]', 'b'),
    ...streamText('items[2]', 'c'),
  ]);
  return { source, store };
}

describe('createFieldStore bound to a response source', () => {
  it('follows the attempt and its status', () => {
    const { source, store } = firstAttempt();
    expect(store.getState()).toMatchObject({ status: 'streaming', attempt: 0 });
    source.emit({ type: 'status', attempt: 0, status: 'validating' });
    expect(store.getState().status).toBe('validating');
    expect(store.getState().data).toEqual({ summary: 'Old summary', items: ['a', 'b', 'c'] });
  });

  it('applies the history a late binding replays as one update', () => {
    const source = createTestSource();
    source.attempt(0);
    source.patches(0, streamText('summary', 'already here', 1));
    const store = createFieldStore(source);
    expect(store.getField('summary')).toMatchObject({ value: 'already here', isComplete: true });
    const seen: FieldStoreState[] = [];
    store.subscribe((state) => seen.push(state));
    source.patches(0, [scalar('n', 1), scalar('m', 2)]);
    expect(seen).toHaveLength(2);
  });

  it('takes a chunk its source pushes while subscribing it as that chunk, after the history before it', () => {
    const chunk = [close('items', ['a', 'b']), ...streamText('note', 'hi')];
    const source: ResponseSource = {
      subscribe: () => () => undefined,
      subscribeChunks({ events, patches }) {
        events([
          { type: 'attempt', attempt: 0, format: 'json' },
          { type: 'patch', attempt: 0, data: open('', 'object') },
          { type: 'patch', attempt: 0, data: open('items', 'array') },
        ]);
        patches({ type: 'chunk', attempt: 0, text: '', patches: chunk });
        events([{ type: 'status', attempt: 0, status: 'validating' }]);
        return () => undefined;
      },
    };
    const store = createFieldStore(source);
    expect(store.getState()).toMatchObject({ status: 'validating', data: { items: ['a', 'b'], note: 'hi' } });
    expect(store.getField('items')).toMatchObject({ value: ['a', 'b'], isComplete: true });
    expect(store.getField('note')).toMatchObject({ value: 'hi', isComplete: true });
  });

  it('keeps the failed attempt visible and stale until the retry rewrites each field', () => {
    const { source, store } = firstAttempt();
    source.emit({ type: 'status', attempt: 0, status: 'retrying' });
    source.attempt(1, 'validation failed');
    // `retrying` lasts until the retried attempt's first patch (see retry-status.test.ts).
    expect(store.getState()).toMatchObject({ attempt: 1, status: 'retrying' });
    expect(store.getField('summary')).toMatchObject({ value: 'Old summary', stale: true, attempt: 0 });
    expect(store.getField('items[2]')).toMatchObject({ value: 'c', stale: true });

    source.patches(1, [open('', 'object'), ...partialText('summary', 'New')]);
    expect(store.getState().status).toBe('streaming');
    expect(store.getField('summary')).toMatchObject({ value: 'New', stale: false, attempt: 1, isComplete: false });
    expect(store.getField('items[0]').stale).toBe(true);

    source.patches(1, [open('items', 'array'), ...streamText('items[0]', 'x')]);
    expect(store.getState().data).toEqual({ summary: 'New', items: ['x', 'b', 'c'] });
    expect(store.getField('items[0]')).toMatchObject({ value: 'x', stale: false });
    expect(store.getField('items[1]')).toMatchObject({ value: 'b', stale: true });

    // The new attempt's list ends with one item: the stale leftovers go.
    source.patches(1, [close('items', ['x'])]);
    expect(store.getState().data).toEqual({ summary: 'New', items: ['x'] });
    expect(store.getField('items[1]')).toMatchObject({ value: undefined, stale: true });
  });

  it('clears the failed attempt at once with onRetry: clear', () => {
    const source = createTestSource();
    const store = createFieldStore(source, { onRetry: 'clear' });
    source.attempt(0);
    source.patches(0, [...partialText('$reasoning', 'hmm'), ...streamText('summary', 'Old')]);
    source.attempt(1);
    expect(store.getState()).toMatchObject({ data: undefined, reasoning: '', attempt: 1 });
    expect(store.getField('summary')).toMatchObject({ value: undefined, stale: false, attempt: undefined });
    source.patches(1, streamText('summary', 'New'));
    expect(store.getState().data).toEqual({ summary: 'New' });
  });

  it('drops patches of a superseded attempt', () => {
    const { source, store } = firstAttempt();
    source.attempt(1);
    source.patches(1, streamText('summary', 'Fresh'));
    source.patches(0, [...streamText('summary', 'Late old text'), scalar('late', true)]);
    expect(store.getState().data).toEqual({ summary: 'Fresh', items: ['a', 'b', 'c'] });
  });

  it('replaces the streamed tree with the final data in one update and reconciles every path', () => {
    const { source, store } = firstAttempt();
    source.patches(0, [scalar('score', 3, 'synthetic_repair')]);
    expect(isProvisional(store.getField('score'))).toBe(true);
    const streamed = store.getState().data;
    const seen: FieldStoreState[] = [];
    store.subscribe((state) => seen.push(state));
    const final = { summary: 'Old summary', items: ['a', 'B'], score: 3, added: true };
    source.emit({ type: 'final', attempt: 0, data: final }, { type: 'status', attempt: 0, status: 'done' });

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ status: 'done', final, hasFinal: true, data: final, streamed });
    expect(store.getField('summary')).toEqual({
      value: 'Old summary',
      isComplete: true,
      completionSource: 'observed_boundary',
      attempt: 0,
      stale: false,
      reconciled: 'confirmed',
    });
    expect(store.getField('items[0]').reconciled).toBe('confirmed');
    expect(store.getField('items[1]')).toMatchObject({ value: 'B', reconciled: 'changed' });
    expect(store.getField('items[2]')).toMatchObject({ value: undefined, reconciled: 'removed', isComplete: true });
    expect(store.getField('items').reconciled).toBe('changed');
    expect(store.getField('score')).toMatchObject({
      reconciled: 'confirmed',
      completionSource: 'final_reconciliation',
    });
    expect(isProvisional(store.getField('score'))).toBe(false);
    expect(store.getField('added')).toMatchObject({ value: true, reconciled: 'changed', attempt: undefined });
    expect(store.getField('').reconciled).toBe('changed');

    source.patches(0, streamText('summary', 'after the end'));
    expect(store.getState().data).toBe(final);
  });

  it('accepts the final data after a done status', () => {
    const { source, store } = firstAttempt();
    source.emit({ type: 'status', attempt: 0, status: 'done' });
    source.emit({ type: 'final', attempt: 0, data: { summary: 'S' } });
    expect(store.getState()).toMatchObject({ status: 'done', hasFinal: true, data: { summary: 'S' } });
  });

  it('applies nothing after an abort', () => {
    const { source, store } = firstAttempt();
    source.patches(0, partialText('tail', 'half'));
    source.emit({ type: 'aborted', attempt: 0 });
    const aborted = store.getState();
    source.patches(0, streamText('tail', 'half and more'));
    source.attempt(1);
    source.emit({ type: 'final', attempt: 0, data: {} }, { type: 'status', attempt: 0, status: 'streaming' });
    expect(store.getState()).toBe(aborted);
    expect(aborted.status).toBe('aborted');
    expect(store.getField('tail')).toMatchObject({ value: 'half', isComplete: false });
  });

  it('carries an error in the snapshot and applies nothing after it', () => {
    const { source, store } = firstAttempt();
    const error = new ProviderError('openai', 'overloaded', 'try later', { attempt: 0 });
    source.emit({ type: 'error', attempt: 0, error });
    source.patches(0, [scalar('late', 1)]);
    expect(store.getState()).toMatchObject({ status: 'error', error });
    expect(store.getField('late').value).toBeUndefined();
  });

  it('turns a malformed patch from the source into the store error', () => {
    const { source, store } = firstAttempt();
    source.patches(0, [scalar('ok', 1), scalar('not a path', 2)]);
    const { status, error } = store.getState();
    expect(status).toBe('error');
    expect(error).toBeInstanceOf(FieldstreamError);
    expect(error?.code).toBe('STORE_INVALID_PATCH');
    expect(store.getField('ok').value).toBe(1);
  });

  it('stops following the source when detached', () => {
    const { source, store } = firstAttempt();
    expect(source.listeners()).toBe(1);
    store.detach();
    store.detach();
    expect(source.listeners()).toBe(0);
    source.patches(0, [scalar('late', 1)]);
    expect(store.getField('late').value).toBeUndefined();
  });

  it('walks each field through pending, streaming, complete and its reconciliation', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const phases = () => ['a', 'b', 'c'].map((path) => fieldPhase(store.getField(path)));
    expect(phases()).toEqual(['pending', 'pending', 'pending']);
    source.attempt(0);
    source.patches(0, [...streamText('a', 'one'), ...partialText('b', 'tw'), ...streamText('c', 'gone')]);
    expect(phases()).toEqual(['complete', 'streaming', 'complete']);
    source.emit({ type: 'final', attempt: 0, data: { a: 'one', b: 'two' } });
    expect(phases()).toEqual(['confirmed', 'changed', 'removed']);
  });
});
