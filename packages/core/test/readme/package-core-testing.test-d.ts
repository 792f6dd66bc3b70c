// packages/core/README.md, "@fieldstream/core/testing", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, openAIChat } from '@fieldstream/core';
import { fixtureFetch, openAIChatFixture, scriptedModel, sseResponse } from '@fieldstream/core/testing';

// A retry, deterministically: the first attempt's connection drops halfway.
const flaky = scriptedModel({
  answers: ['{"ok": true}'],
  chunkSize: [2, 5],
  faults: [{ attempt: 0, kind: 'drop_connection' }],
});
console.log(await createResponse({ model: flaky, input: 'x', format: 'json', retry: { baseDelayMs: 1 } }).getData());

// A real provider against a recorded-shape stream, no network.
const fetch = fixtureFetch(() => sseResponse(openAIChatFixture({ text: ['{"ok": ', 'true}'] })));
const model = openAIChat({ baseURL: 'https://api.test/v1', model: 'm', fetch });
console.log(await createResponse({ model, input: 'x', format: 'json' }).getData(), fetch.calls.length);

expectTypeOf(fetch.calls[0]?.url).toEqualTypeOf<string | undefined>();
