// Early validation (docs/decisions/0022-validate-while-streaming.md) through the hooks: a field
// rejected as it closed reads `rejected` (the reason) in useInstantField until the retry rewrites
// it, and useStreamStatus's retry record names its path.
import { createFieldStore } from '@fieldstream/core';
import { useInstantField, useStreamStatus } from '@fieldstream/react';
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { createTestSource, open, rejectField, streamText } from './support/fixtures';
import { describeInModes } from './support/modes';

describeInModes('a field rejected while it streams', (mode) => {
  it('shows the rejection on the field and the retry until the retry rewrites the field', () => {
    const source = createTestSource();
    const store = createFieldStore(source);
    const { result } = renderHook(
      () => ({
        email: useInstantField(store, 'email', { schedule: 'sync' }),
        status: useStreamStatus(store, { schedule: 'sync' }),
      }),
      { wrapper: mode.wrapper },
    );
    act(() => {
      source.attempt(0);
      source.patches(0, [open('', 'object'), ...streamText('email', 'not-an-email')]);
    });
    expect(result.current.email).toMatchObject({ value: 'not-an-email', isComplete: true, rejected: undefined });

    act(() => rejectField(source, 'email', 'Invalid email address'));
    expect(result.current.email).toMatchObject({
      value: 'not-an-email',
      stale: true,
      rejected: 'Invalid email address',
    });
    expect(result.current.status.retry).toMatchObject({
      attempt: 1,
      reason: 'field_rejected',
      message: 'Invalid email address',
      path: 'email',
    });

    act(() => source.patches(1, [open('', 'object'), ...streamText('email', 'ada@example.com')]));
    expect(result.current.email).toMatchObject({ value: 'ada@example.com', stale: false, rejected: undefined });
    // The retry record stays (until a later retry replaces it).
    expect(result.current.status.retry?.path).toBe('email');
  });
});
