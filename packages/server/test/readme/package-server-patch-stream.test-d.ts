// packages/server/README.md, "Patch streams", verbatim: it must compile as written (no casts).
// packages/core/test/readme/readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createServer } from 'node:http';
import { createResponse, defineOutput, openAIChat } from '@fieldstream/core';
import { toPatchStream } from '@fieldstream/core/patch-stream';
import { toNodeHandler } from '@fieldstream/server';

const ticket = defineOutput({ title: ['string', 'title', true], steps: [['string', 'a step']] });
const model = openAIChat({ baseURL: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY, model: 'gpt-4.1-mini' });

const tickets = toNodeHandler(async (request) => {
  const { question } = (await request.json()) as { question: string };
  return toPatchStream(createResponse({ model, input: question, output: ticket, format: 'json' }));
});

createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/api/ticket') void tickets(req, res);
  else res.writeHead(404).end();
}).listen(3000);

import type { NodeHandler } from '@fieldstream/server';
expectTypeOf(tickets).toEqualTypeOf<NodeHandler>();
