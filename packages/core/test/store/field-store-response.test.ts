// The store bound to a real createResponse over the scripted model.
import { createFieldStore, createResponse, defineOutput, type FieldStoreState } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';
import { selectField } from '../../src/store/field-state';

const output = defineOutput({ summary: ['string'], tags: [['string']] });
const firstAnswer = JSON.stringify({ summary: 'a summary that is far too long', tags: ['a', 'b', 'c'] });
const secondAnswer = JSON.stringify({ summary: 'short', tags: ['a'] });

describe('createFieldStore bound to createResponse', () => {
  it('follows a retry: stale fields of the failed attempt, then the validated final data', async () => {
    const response = createResponse({
      model: scriptedModel({ answers: [firstAnswer, secondAnswer], chunkSize: 3 }),
      input: 'incident',
      output,
      format: 'json',
      validate: (data) => (data.summary ?? '').length < 10,
    });
    const store = createFieldStore<{ summary: string; tags: string[] }>(response);
    const snapshots: FieldStoreState[] = [];
    store.subscribe((state) => snapshots.push(state));
    const data = await response.getData();

    const state = store.getState();
    expect(state).toMatchObject({ status: 'done', attempt: 1, hasFinal: true, final: data, data });
    expect(data).toEqual({ summary: 'short', tags: ['a'] });
    // While the retry streamed, the failed attempt's fields stayed visible and stale.
    const retrying = snapshots.find((snapshot) => snapshot.attempt === 1 && snapshot.status === 'streaming');
    expect(retrying).toBeDefined();
    expect(selectField(retrying as FieldStoreState, 'tags[2]')).toMatchObject({ value: 'c', stale: true });
    // The final data reconciles every path.
    expect(store.getField('summary')).toMatchObject({ value: 'short', reconciled: 'confirmed', attempt: 1 });
    expect(store.getField('tags[0]').reconciled).toBe('confirmed');
    expect(store.getField('tags[2]').reconciled).toBe('removed');
    // No snapshot ever showed a patch of attempt 0 after attempt 1 began.
    const firstRetry = snapshots.findIndex((snapshot) => snapshot.attempt === 1);
    for (const snapshot of snapshots.slice(firstRetry)) expect(snapshot.attempt).toBe(1);
  });

  it('applies nothing after the response is aborted', async () => {
    const response = createResponse({
      model: scriptedModel({ answers: [JSON.stringify({ summary: 'x'.repeat(200), tags: [] })], chunkSize: 5 }),
      input: 'incident',
      output,
      format: 'json',
    });
    const store = createFieldStore(response);
    let abortedAt: string | undefined;
    store.subscribe((state) => {
      const value = selectField(state, 'summary').value;
      if (abortedAt === undefined && typeof value === 'string' && value.length >= 20) {
        abortedAt = value;
        response.abort();
      }
    });
    await expect(response.getData()).rejects.toThrow();
    expect(store.getState().status).toBe('aborted');
    expect(store.getField('summary').value).toBe(abortedAt);
    expect(store.getState().hasFinal).toBe(false);
  });
});
