// What every binding's progress panel says: a row's phase and the status line.
import { createFieldStore, type FieldState, fieldSelector } from '@fieldstream/core';
import { progressPhase, progressStatusText } from '@fieldstream/core/bindings';
import { describe, expect, it } from 'vitest';

// A pending field's state as the store gives it, with what a case changes.
const pending = fieldSelector('summary')(createFieldStore().getState());
const field = (state: Partial<FieldState>): FieldState => ({ ...pending, ...state });

describe('progressPhase', () => {
  it("is the field's phase, or rejected while a rejection is retried and the final data has not settled it", () => {
    expect(progressPhase(field({}))).toBe('pending');
    expect(progressPhase(field({ value: 'draf' }))).toBe('streaming');
    expect(progressPhase(field({ value: 'draft', isComplete: true }))).toBe('complete');
    expect(progressPhase(field({ value: 'x'.repeat(11), rejected: 'at most 10' }))).toBe('rejected');
    expect(progressPhase(field({ value: 'fixed', rejected: 'at most 10', reconciled: 'changed' }))).toBe('changed');
  });
});

describe('progressStatusText', () => {
  it('counts attempts from 1, once there are retries', () => {
    expect(progressStatusText({ status: 'streaming', attempt: 0 })).toBe('streaming');
    expect(progressStatusText({ status: 'retrying', attempt: 1 })).toBe('retrying (attempt 2)');
  });
});
