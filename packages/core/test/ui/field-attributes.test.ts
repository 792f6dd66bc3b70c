// What every binding's live form field element says of its field.
import { createFieldStore, type FieldState, fieldSelector } from '@fieldstream/core';
import { fieldDataAttributes } from '@fieldstream/core/bindings';
import { describe, expect, it } from 'vitest';

// A pending field's state as the store gives it, with what a case changes.
const pending = fieldSelector('summary')(createFieldStore().getState());
const field = (state: Partial<FieldState>): FieldState => ({ ...pending, ...state });

describe('fieldDataAttributes', () => {
  it('says the phase, the reconciliation, and provisional or stale only when they hold', () => {
    expect(fieldDataAttributes(field({}))).toEqual({
      'data-phase': 'pending',
      'data-reconciled': undefined,
      'data-provisional': undefined,
      'data-stale': undefined,
    });
    expect(fieldDataAttributes(field({ value: 'old', stale: true }))).toEqual({
      'data-phase': 'streaming',
      'data-reconciled': undefined,
      'data-provisional': 'true',
      'data-stale': 'true',
    });
    expect(fieldDataAttributes(field({ value: 'Outage', isComplete: true, reconciled: 'confirmed' }))).toEqual({
      'data-phase': 'confirmed',
      'data-reconciled': 'confirmed',
      'data-provisional': undefined,
      'data-stale': undefined,
    });
  });
});
