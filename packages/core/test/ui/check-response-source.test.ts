// A binding's check of the response it is given: an ArgumentError naming where, before a store binds to it.
import { ArgumentError, createResponse } from '@fieldstream/core';
import { checkResponseSource } from '@fieldstream/core/bindings';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';

describe('checkResponseSource', () => {
  it('passes anything with subscribe and names where anything else was given', () => {
    const response = createResponse({ model: scriptedModel({ answers: ['{}'] }), input: 'x' });
    expect(() => checkResponseSource('<fieldstream-form> response', response)).not.toThrow();
    expect(() => checkResponseSource('<fieldstream-form> response', 42)).toThrow(
      new ArgumentError(
        '<fieldstream-form> response',
        '<fieldstream-form> response must be a response (createResponse, fromPatchStream), got the number 42',
      ),
    );
    expect(() => checkResponseSource('response', null)).toThrow(
      'response must be a response (createResponse, fromPatchStream), got null',
    );
    expect(() => checkResponseSource('response', { subscribe: true })).toThrow(ArgumentError);
  });
});
