// A retry a UI can show: `retrying` and the retry record stay in the store's snapshot until the
// retried attempt's first patch, while `attempt` already advanced.
import {
  createFieldStore,
  createResponse,
  defineOutput,
  type FieldStoreState,
  FieldstreamError,
  type ResponseEvent,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';
import { open, partialText, streamText } from './patches';
import { createTestSource } from './test-source';

type Shown = Pick<FieldStoreState, 'status' | 'attempt' | 'retry'>;

/** What a status UI reads of a snapshot. */
function shown(state: FieldStoreState): Shown {
  return { status: state.status, attempt: state.attempt, retry: state.retry };
}

/** Every snapshot the store publishes, as a status UI reads it. */
function record(store: { subscribe(listener: (state: FieldStoreState) => void): () => void }): Shown[] {
  const seen: Shown[] = [];
  store.subscribe((state) => seen.push(shown(state)));
  return seen;
}

const patchesOf = (attempt: number, patches: ReturnType<typeof streamText>): ResponseEvent[] =>
  patches.map((data) => ({ type: 'patch', attempt, data }));

/** What `status: 'retrying'` would carry with `message` (a source that sends it; see RetryEventExtras). */
function retryingStatus(attempt: number, extras: Record<string, unknown> = {}): ResponseEvent {
  return { type: 'status', attempt, status: 'retrying', retryDelayMs: 0, ...extras } as ResponseEvent;
}

describe('a retry in the store', () => {
  it('keeps retrying and the retry record until the retried attempt streams its first patch', () => {
    const store = createFieldStore();
    const seen = record(store);
    store.dispatch({ type: 'attempt', attempt: 0, format: 'json' });
    store.dispatch(patchesOf(0, [open('', 'object'), ...streamText('summary', 'far too long')]));
    store.dispatch({ type: 'status', attempt: 0, status: 'validating' });
    store.dispatch(retryingStatus(0, { message: 'summary: must be under 10 characters' }));
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json', reason: 'validation_failed' });
    const beforeStreaming = store.getState();
    store.dispatch({ type: 'status', attempt: 1, status: 'streaming' });
    // The retried attempt's request started: nothing a UI shows changed, so no update.
    expect(store.getState()).toBe(beforeStreaming);
    store.dispatch(patchesOf(1, [open('', 'object'), ...partialText('summary', 'short')]));
    store.dispatch(patchesOf(1, streamText('summary', 'short')));
    store.dispatch({ type: 'status', attempt: 1, status: 'validating' });
    store.dispatch({ type: 'final', attempt: 1, data: { summary: 'short' } });
    store.dispatch({ type: 'status', attempt: 1, status: 'done' });

    const announced = {
      attempt: 1,
      reason: undefined,
      message: 'summary: must be under 10 characters',
      delayMs: 0,
      format: undefined,
    };
    const retry = { ...announced, reason: 'validation_failed', format: 'json' };
    expect(seen).toEqual([
      { status: 'streaming', attempt: 0, retry: undefined },
      { status: 'streaming', attempt: 0, retry: undefined },
      { status: 'validating', attempt: 0, retry: undefined },
      { status: 'retrying', attempt: 0, retry: announced },
      { status: 'retrying', attempt: 1, retry },
      { status: 'streaming', attempt: 1, retry },
      { status: 'streaming', attempt: 1, retry },
      { status: 'validating', attempt: 1, retry },
      { status: 'done', attempt: 1, retry },
    ]);
    // One record per change: the snapshots after the retry's `attempt` event share it.
    const records = new Set(seen.slice(4).map((state) => state.retry));
    expect(records.size).toBe(1);
    expect(Object.isFrozen(store.getState().retry)).toBe(true);
  });

  it('shows retrying when the retry and the new attempt arrive in one update (a worker batch)', () => {
    const store = createFieldStore();
    const seen = record(store);
    store.dispatch([
      { type: 'attempt', attempt: 0, format: 'json' },
      ...patchesOf(0, streamText('summary', 'x')),
      { type: 'status', attempt: 0, status: 'validating' },
    ]);
    store.dispatch([
      retryingStatus(0),
      { type: 'attempt', attempt: 1, format: 'json', reason: 'ensure_failed' },
      { type: 'status', attempt: 1, status: 'streaming' },
    ]);
    store.dispatch(patchesOf(1, streamText('summary', 'y')));
    const retry = { attempt: 1, reason: 'ensure_failed', message: undefined, delayMs: 0, format: 'json' };
    expect(seen).toEqual([
      { status: 'validating', attempt: 0, retry: undefined },
      { status: 'retrying', attempt: 1, retry },
      { status: 'streaming', attempt: 1, retry },
    ]);
  });

  it('shows the wait of a backoff, then the reason when the retried attempt begins', () => {
    const store = createFieldStore();
    store.dispatch([{ type: 'attempt', attempt: 0, format: 'json' }]);
    store.dispatch({ type: 'status', attempt: 0, status: 'retrying', retryDelayMs: 1000 });
    expect(shown(store.getState())).toEqual({
      status: 'retrying',
      attempt: 0,
      retry: { attempt: 1, reason: undefined, message: undefined, delayMs: 1000, format: undefined },
    });
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json', reason: 'request_failed' });
    expect(shown(store.getState())).toEqual({
      status: 'retrying',
      attempt: 1,
      retry: { attempt: 1, reason: 'request_failed', message: undefined, delayMs: 1000, format: 'json' },
    });
  });

  it('reads an optional reason and message from the status or the attempt event, ignoring other types', () => {
    const store = createFieldStore();
    store.dispatch({ type: 'attempt', attempt: 0, format: 'json' });
    store.dispatch(retryingStatus(0, { reason: 'validation_failed', message: 'too long' }));
    expect(store.getState().retry).toMatchObject({ attempt: 1, reason: 'validation_failed', message: 'too long' });
    // The attempt event keeps what the status said unless it says more.
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    expect(store.getState().retry).toMatchObject({ reason: 'validation_failed', message: 'too long', format: 'json' });

    const other = createFieldStore();
    other.dispatch({ type: 'attempt', attempt: 0, format: 'json' });
    other.dispatch(retryingStatus(0, { message: 42, reason: null, retryDelayMs: -5 }));
    other.dispatch({
      type: 'attempt',
      attempt: 1,
      format: 'json',
      reason: 'parse_failed',
      message: 'no JSON',
    } as ResponseEvent);
    expect(other.getState().retry).toEqual({
      attempt: 1,
      reason: 'parse_failed',
      message: 'no JSON',
      delayMs: 0,
      format: 'json',
    });
  });

  it('treats the attempt event of a retry as the retry when no retrying status came first', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    source.attempt(0);
    source.patches(0, streamText('summary', 'old'));
    source.attempt(1, 'validation_failed');
    expect(shown(store.getState())).toEqual({
      status: 'retrying',
      attempt: 1,
      retry: { attempt: 1, reason: 'validation_failed', message: undefined, delayMs: 0, format: 'json' },
    });
    // The failed attempt's fields stay visible, stale, while the retry is shown.
    expect(store.getField('summary')).toMatchObject({ value: 'old', stale: true });
    source.patches(1, partialText('summary', 'new'));
    expect(store.getState().status).toBe('streaming');
  });

  it('a late patch of the failed attempt does not end retrying', () => {
    const store = createFieldStore();
    store.dispatch([{ type: 'attempt', attempt: 0, format: 'json' }, retryingStatus(0)]);
    store.dispatch(patchesOf(0, streamText('summary', 'late')));
    expect(store.getState()).toMatchObject({ status: 'retrying', attempt: 0 });
    store.dispatch({ type: 'attempt', attempt: 1, format: 'json' });
    store.dispatch(patchesOf(0, streamText('summary', 'dropped')));
    expect(store.getState()).toMatchObject({ status: 'retrying', attempt: 1 });
  });

  it('ends retrying at the retried attempt’s error, abort, final data or next retry', () => {
    const begin = (): ReturnType<typeof createFieldStore> => {
      const store = createFieldStore();
      store.dispatch([
        { type: 'attempt', attempt: 0, format: 'json' },
        retryingStatus(0),
        { type: 'attempt', attempt: 1, format: 'json', reason: 'request_failed' },
        { type: 'status', attempt: 1, status: 'streaming' },
      ]);
      expect(store.getState().status).toBe('retrying');
      return store;
    };
    const failed = begin();
    const error = new FieldstreamError('MODEL_REQUEST_FAILED', 'down');
    failed.dispatch([
      { type: 'error', attempt: 1, error, requestFailed: true },
      { type: 'status', attempt: 1, status: 'error' },
    ]);
    expect(failed.getState()).toMatchObject({ status: 'error', error, retry: { attempt: 1 } });

    const aborted = begin();
    aborted.dispatch({ type: 'aborted', attempt: 1 });
    expect(aborted.getState().status).toBe('aborted');

    const final = begin();
    final.dispatch({ type: 'final', attempt: 1, data: { a: 1 } });
    expect(final.getState()).toMatchObject({ status: 'done', data: { a: 1 } });

    const again = begin();
    again.dispatch([retryingStatus(1, { message: 'down again' }), { type: 'attempt', attempt: 2, format: 'json' }]);
    expect(shown(again.getState())).toEqual({
      status: 'retrying',
      attempt: 2,
      retry: { attempt: 2, reason: undefined, message: 'down again', delayMs: 0, format: 'json' },
    });
  });

  it('lets a text attempt stream at once (its text is not sent to a store, so it has no patch to wait for)', () => {
    const store = createFieldStore();
    store.dispatch([
      { type: 'attempt', attempt: 0, format: 'text' },
      retryingStatus(0),
      { type: 'attempt', attempt: 1, format: 'text', reason: 'validation_failed' },
    ]);
    expect(store.getState().status).toBe('retrying');
    store.dispatch({ type: 'status', attempt: 1, status: 'streaming' });
    expect(shown(store.getState())).toMatchObject({ status: 'streaming', retry: { reason: 'validation_failed' } });
  });

  it('shows retrying to a store that binds during the retry (the replayed history)', () => {
    const source = createTestSource();
    source.attempt(0);
    source.patches(0, streamText('summary', 'old'));
    source.emit(retryingStatus(0, { message: 'too long' }));
    source.attempt(1, 'validation_failed');
    source.emit({ type: 'status', attempt: 1, status: 'streaming' });
    const store = createFieldStore(source, { onRetry: 'clear' });
    expect(shown(store.getState())).toEqual({
      status: 'retrying',
      attempt: 1,
      retry: { attempt: 1, reason: 'validation_failed', message: 'too long', delayMs: 0, format: 'json' },
    });
    expect(store.getState().data).toBeUndefined();
  });
});

describe('a retry of a real response, followed by a bound store', () => {
  const output = defineOutput({ summary: ['string'] });

  it('publishes a retrying snapshot with the reason before the retried attempt streams', async () => {
    const response = createResponse({
      model: scriptedModel({
        answers: [JSON.stringify({ summary: 'a summary that is far too long' }), JSON.stringify({ summary: 'short' })],
        chunkSize: 4,
      }),
      input: 'incident',
      output,
      format: 'json',
      validate: (data) => ((data.summary ?? '').length < 10 ? true : { ok: false, reason: 'summary too long' }),
    });
    const store = createFieldStore(response);
    const seen = record(store);
    await response.getData();

    const statuses = seen.map((state) => state.status).filter((status, i, all) => status !== all[i - 1]);
    expect(statuses).toEqual(['streaming', 'validating', 'retrying', 'streaming', 'validating', 'done']);
    // The first snapshot of attempt 1 is still `retrying`, with the reason.
    const first = seen.find((state) => state.attempt === 1);
    expect(first).toMatchObject({
      status: 'retrying',
      retry: { attempt: 1, reason: 'validation_failed', delayMs: 0, format: 'json' },
    });
    expect(store.getState()).toMatchObject({ status: 'done', attempt: 1, retry: first?.retry });
  });
});
