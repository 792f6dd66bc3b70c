// The README's "Use a real model" snippet, verbatim: it must compile as written (no casts).
// packages/core/test/readme/readme-snippets.test.ts checks that every README snippet appears in one of these files.
import type { Model } from '@fieldstream/core';
import { expectTypeOf } from 'vitest';

import { anthropicMessages, createResponse, defineOutput, openAIChat } from '@fieldstream/core';
import { toPatchStream } from '@fieldstream/core/patch-stream';
import { createModelProxy } from '@fieldstream/server';

// The server: the proxy in front of a local Ollama (a hosted API: its baseURL and your key).
export const proxy = createModelProxy({
  upstream: { baseURL: 'http://localhost:11434/v1', apiKey: 'local-unused-key', model: 'llama3.2' },
});

// The page: no key, the proxy's path (`openAIChat` appends /chat/completions).
const inPage = openAIChat({ baseURL: '/api/model', model: 'llama3.2' });

// Or on the server, no proxy: any provider, the key from the environment.
const local = openAIChat({ baseURL: 'http://localhost:1234/v1', model: 'qwen2.5-7b-instruct', includeUsage: false });
const claude = anthropicMessages({ baseURL: 'https://api.anthropic.com/v1', apiKey: process.env.ANTHROPIC_API_KEY, model: 'claude-sonnet-4-5' });

const answer = defineOutput({ reply: ['string', 'the answer', 'not_null'] });
export const POST = async (request: Request) =>
  toPatchStream(createResponse({ model: claude, input: await request.text(), output: answer }));
expectTypeOf(inPage).toEqualTypeOf<Model>();
expectTypeOf(local).toEqualTypeOf<Model>();
expectTypeOf(POST).returns.toEqualTypeOf<Promise<Response>>();
