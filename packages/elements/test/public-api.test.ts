// The runtime public surface of @fieldstream/elements, spelled out so every change to it is deliberate.
import * as elements from '@fieldstream/elements';
import { describe, expect, it } from 'vitest';

describe('public API', () => {
  it('@fieldstream/elements exports exactly the listed names, and defines nothing', () => {
    expect(Object.keys(elements).sort()).toEqual([
      'FIELDSTREAM_TAGS',
      'FieldstreamAnnouncer',
      'FieldstreamElement',
      'FieldstreamField',
      'FieldstreamForm',
      'FieldstreamProgress',
      'FieldstreamStatus',
      'defineFieldstreamElements',
      'watchFieldStore',
      'watchFinalData',
      'watchInstantField',
      'watchInstantList',
      'watchReasoning',
      'watchStreamStatus',
      'watchToolCalls',
    ]);
    expect(Object.values(elements.FIELDSTREAM_TAGS).map((tag) => customElements.get(tag))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
