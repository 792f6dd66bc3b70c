// The runtime public surface of @fieldstream/vue, spelled out so every change to it is deliberate.
import * as vue from '@fieldstream/vue';
import { describe, expect, it } from 'vitest';

describe('public API', () => {
  it('@fieldstream/vue exports exactly the listed names', () => {
    expect(Object.keys(vue).sort()).toEqual([
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
