// packages/server/README.md, "Node", verbatim: it must compile as written (no casts).
// packages/core/test/readme/readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createServer } from 'node:http';
import { createModelProxy, toNodeHandler } from '@fieldstream/server';

const proxy = toNodeHandler(
  createModelProxy({
    upstream: { baseURL: process.env.OPENAI_BASE_URL!, apiKey: process.env.OPENAI_API_KEY! },
    allowedHosts: ['app.example.com'], // without it: localhost, 127.0.0.1 and [::1] only
  }),
);

createServer((req, res) => {
  if (req.method && req.url?.startsWith('/api/model/')) void proxy(req, res);
  else res.writeHead(404).end();
}).listen(3000);

import type { NodeHandler } from '@fieldstream/server';
expectTypeOf(proxy).toEqualTypeOf<NodeHandler>();
