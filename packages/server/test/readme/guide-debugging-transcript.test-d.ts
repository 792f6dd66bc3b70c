// docs/guides/debugging-and-testing.md, "A real provider's answer as a fixture", verbatim: it must compile as
// written (no casts). packages/core/test/guides/debugging-guide.test.ts checks the guide's snippets are here.
import { expectTypeOf } from 'vitest';
import { writeFileSync } from 'node:fs';
import { createModelProxy } from '@fieldstream/server';

const proxy = createModelProxy({
  upstream: { baseURL: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY ?? '' },
  // Development only: each answer as the browser got it (the key scrubbed), to replay in tests.
  onTranscript:
    process.env.NODE_ENV === 'development'
      ? (transcript) => {
          if (transcript.complete) writeFileSync(`fixtures/answer-${Date.now()}.txt`, transcript.body);
        }
      : undefined,
});

expectTypeOf(proxy).returns.resolves.toEqualTypeOf<Response>();
