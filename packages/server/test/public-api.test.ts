import { describe, expect, it } from 'vitest';

describe('public API', () => {
  it('@fieldstream/server exports exactly its two run-time names (patch streams live in @fieldstream/core/patch-stream)', async () => {
    expect(Object.keys(await import('@fieldstream/server')).sort()).toEqual(['createModelProxy', 'toNodeHandler']);
  });

  it('@fieldstream/core/patch-stream exports the reader and the writer', async () => {
    expect(Object.keys(await import('@fieldstream/core/patch-stream')).sort()).toEqual([
      'fromPatchStream',
      'toPatchStream',
    ]);
  });
});
