// The runtime public surface of @fieldstream/react, spelled out so every change to it is deliberate.
import * as react from '@fieldstream/react';
import { describe, expect, it } from 'vitest';

describe('public API', () => {
  it('@fieldstream/react exports exactly the listed names', () => {
    expect(Object.keys(react).sort()).toEqual([
      'FieldProgress',
      'FieldText',
      'LiveForm',
      'useFieldStore',
      'useFinalData',
      'useInstantField',
      'useInstantList',
      'useReasoning',
      'useResponse',
      'useStreamStatus',
      'useToolCalls',
    ]);
  });
});
