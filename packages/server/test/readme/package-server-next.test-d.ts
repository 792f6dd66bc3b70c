// packages/server/README.md, "Next.js (App Router)", verbatim: it must compile as written (no casts).
// packages/core/test/readme/readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
// app/api/model/chat/completions/route.ts
import { createModelProxy } from '@fieldstream/server';

const proxy = createModelProxy({
  upstream: { baseURL: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY!, model: 'gpt-4.1-mini' },
  allowedHosts: ['app.example.com', 'localhost'], // your domain(s); localhost for `next dev`
  // Required for a Fetch handler: it is not told the client's address.
  rateLimit: { capacity: 10, refillPerSecond: 0.2, key: (request) => request.headers.get('x-real-ip') ?? 'anon' },
});

export const POST = (request: Request) => proxy(request);

expectTypeOf(POST).returns.toEqualTypeOf<Promise<Response>>();
