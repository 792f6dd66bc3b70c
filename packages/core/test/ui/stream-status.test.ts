// The status snapshot every binding's status reader returns: a new object only when a part changed.
import { sameStreamStatus, selectStreamStatus } from '@fieldstream/core/bindings';
import { describe, expect, it } from 'vitest';
import { rejectAttempt, streamEach, streamingStore } from './ui-store';

describe('selectStreamStatus and sameStreamStatus', () => {
  it('select the status, attempt, error, retry and reconnection, the same while none changes', () => {
    const store = streamingStore();
    const first = selectStreamStatus(store.getState());
    expect(first).toEqual({
      status: 'streaming',
      attempt: 0,
      error: undefined,
      retry: undefined,
      reconnecting: undefined,
    });
    streamEach(store, 'a', 'xyz');
    expect(sameStreamStatus(first, selectStreamStatus(store.getState()))).toBe(true);
    rejectAttempt(store);
    const retrying = selectStreamStatus(store.getState());
    expect(retrying.status).toBe('retrying');
    expect(retrying.retry).toMatchObject({ reason: 'field_rejected', message: 'at most 10' });
    expect(sameStreamStatus(first, retrying)).toBe(false);
  });
});
