import { describe, expect, it } from 'vitest';

describe('public API', () => {
  it('@fieldstream/server exports exactly its three run-time names', async () => {
    expect(Object.keys(await import('@fieldstream/server')).sort()).toEqual([
      'createModelProxy',
      'toNodeHandler',
      'toPatchStream',
    ]);
  });

  it('@fieldstream/core/patch-stream exports the reader and the writer', async () => {
    expect(Object.keys(await import('@fieldstream/core/patch-stream')).sort()).toEqual([
      'fromPatchStream',
      'toPatchStream',
    ]);
  });
});
