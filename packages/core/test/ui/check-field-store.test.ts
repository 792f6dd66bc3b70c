// A binding's check of the store it is given: an ArgumentError naming where, before any subscription.
import { ArgumentError, createFieldStore } from '@fieldstream/core';
import { checkFieldStore } from '@fieldstream/core/bindings';
import { describe, expect, it } from 'vitest';

describe('checkFieldStore', () => {
  it('passes a field store and names where anything else was given', () => {
    expect(() => checkFieldStore('instantField store', createFieldStore())).not.toThrow();
    expect(() => checkFieldStore('instantField store', { getState: () => ({}) })).toThrow(
      new ArgumentError(
        'instantField store',
        'instantField store must be a field store (createFieldStore), got an object',
      ),
    );
    expect(() => checkFieldStore('streamStatus store', undefined)).toThrow(
      'streamStatus store must be a field store (createFieldStore), got undefined',
    );
  });
});
