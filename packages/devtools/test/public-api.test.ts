// The runtime public surface of @fieldstream/devtools, spelled out so every change to it is deliberate.
import * as devtools from '@fieldstream/devtools';
import { describe, expect, it } from 'vitest';

describe('public API', () => {
  it('@fieldstream/devtools exports exactly the listed names, and defines nothing', () => {
    expect(Object.keys(devtools).sort()).toEqual([
      'DEVTOOLS_HOOK',
      'DEVTOOLS_TAG',
      'FieldstreamDevtools',
      'defineDevtools',
    ]);
    expect(customElements.get(devtools.DEVTOOLS_TAG)).toBeUndefined();
    expect(Reflect.has(globalThis, devtools.DEVTOOLS_HOOK)).toBe(false);
  });

  it('@fieldstream/devtools/define defines <fieldstream-devtools>', async () => {
    await import('@fieldstream/devtools/define');
    expect(customElements.get('fieldstream-devtools')).toBe(devtools.FieldstreamDevtools);
  });
});
