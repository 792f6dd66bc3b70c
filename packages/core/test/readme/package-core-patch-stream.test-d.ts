// packages/core/README.md, "@fieldstream/core/patch-stream", verbatim: it must compile as written (no casts).
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, defineOutput, openAIChat } from '@fieldstream/core';
import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';

const ticket = defineOutput({ title: ['string', 'title', true], tags: [['string', 'a tag']] });
type TicketData = NonNullable<(typeof ticket)['$data']>;

// On the server: a Fetch-API handler (here a Next.js route handler).
export async function POST(request: Request): Promise<Response> {
  const { question } = (await request.json()) as { question: string };
  const model = openAIChat({ baseURL: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY, model: 'gpt-4.1-mini' });
  return toPatchStream(createResponse({ model, input: question, output: ticket, format: 'json' }));
}

// In the browser: the same response surface, nothing parsed on the page.
const response = fromPatchStream<TicketData>({
  url: '/api/ticket',
  init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ question: 'Printer jams' }) },
});
const data = await response.getData();

expectTypeOf(data).toEqualTypeOf<TicketData>();
