// Bad input to the providers and models, and bad streams from a service (huge indexes, malformed
// paths in a server's patch stream).
import type { Api, Probe } from './probe-api';

/** An agentlyInstant service that streams two patches at a huge list index. */
async function agentlyHugeIndex(api: Api): Promise<unknown> {
  const events = ['items[999999999]', 'items[999999998]'].map(
    (path) => `data: ${JSON.stringify({ path, value: 'x', delta: 'x', event_type: 'done', is_complete: true })}\n\n`,
  );
  const fetch = api.fixtureFetch(() => api.sseResponse(events));
  const run = api.createResponse({
    model: api.agentlyInstant({ url: 'http://agently.test/run', fetch }),
    input: 'x',
    maxRetries: 0,
  });
  return run.getData();
}

/** A server's patch stream whose second message has a patch at `path`: the response's data. */
function patchStreamWithPath(api: Api, path: string): unknown {
  const messages = [
    [
      { k: 'a', n: 0, f: 'json' },
      { k: 's', s: 'streaming' },
      { p: 'title', d: 'Fix', v: 'Fix' },
    ],
    [
      { p: path, d: '1' },
      { k: 'f', r: 1 },
      { k: 's', s: 'done' },
    ],
  ];
  const body = `${messages.map((events) => `data: ${JSON.stringify(events)}\n\n`).join('')}event: end\ndata: {}\n\n`;
  const headers = { 'content-type': 'text/event-stream' };
  return api
    .fromPatchStream({ url: 'http://patch-stream.test/', fetch: async () => new Response(body, { headers }) })
    .getData();
}

export const providerProbes: Probe[] = [
  { name: 'openAIChat()', mentions: 'options', run: (api) => api.openAIChat() },
  { name: 'openAIChat({})', mentions: 'baseURL', run: (api) => api.openAIChat({}) },
  {
    name: "openAIChat({ baseURL: 42, model: 'm' })",
    mentions: 'baseURL',
    run: (api) => api.openAIChat({ baseURL: 42, model: 'm' }),
  },
  {
    name: 'openAIChat({ baseURL, model: 42 })',
    mentions: 'model',
    run: (api) => api.openAIChat({ baseURL: 'http://x.test', model: 42 }),
  },
  { name: 'openAIResponses({})', mentions: 'baseURL', run: (api) => api.openAIResponses({}) },
  { name: 'anthropicMessages({})', mentions: 'baseURL', run: (api) => api.anthropicMessages({}) },
  { name: 'agentlyInstant()', mentions: 'options', run: (api) => api.agentlyInstant() },
  { name: 'agentlyInstant({ url: 42 })', mentions: 'url', run: (api) => api.agentlyInstant({ url: 42 }) },
  { name: 'agentlyInstant patches at items[999999999]', mentions: 'index', run: agentlyHugeIndex },
  ...['x[-1]', 'a..b', '[', 'a[01]', 'items[*]', '__proto__[0'].map(
    (path): Probe => ({
      name: `fromPatchStream: a patch at ${path}`,
      mentions: `malformed path: invalid path ${JSON.stringify(path)}`,
      run: (api) => patchStreamWithPath(api, path),
    }),
  ),
  { name: 'textStream(42)', mentions: 'source', run: (api) => api.textStream(42) },
  { name: 'textStream(null)', mentions: 'source', run: (api) => api.textStream(null) },
  { name: 'scriptedModel(42)', mentions: 'options', run: (api) => api.scriptedModel(42) },
  { name: 'scriptedModel({ answers: 42 })', mentions: 'answers', run: (api) => api.scriptedModel({ answers: 42 }) },
  {
    name: 'scriptedModel({ chunkSize: -1 })',
    mentions: 'chunkSize',
    run: (api) => api.scriptedModel({ answers: ['a'], chunkSize: -1 }),
  },
  {
    name: 'scriptedModel({ delayMs: NaN })',
    mentions: 'delayMs',
    run: (api) => api.scriptedModel({ answers: ['a'], delayMs: Number.NaN }),
  },
];
