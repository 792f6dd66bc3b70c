import { describe, expect, it } from 'vitest';

describe('public API', () => {
  it('@fieldstream/server exports the proxy and resumable answers (patch streams live in @fieldstream/core/patch-stream)', async () => {
    expect(Object.keys(await import('@fieldstream/server')).sort()).toEqual([
      'AnswerLogError',
      'createMemoryAnswerLog',
      'createModelProxy',
      'createRedisAnswerLog',
      'createRedisRateLimitStore',
      'createResumableAnswers',
      'toNodeHandler',
    ]);
  });

  it('@fieldstream/core/patch-stream exports the reader, the writer and the messages a log keeps', async () => {
    expect(Object.keys(await import('@fieldstream/core/patch-stream')).sort()).toEqual([
      'fromPatchStream',
      'patchStreamMessages',
      'toPatchStream',
    ]);
  });
});
