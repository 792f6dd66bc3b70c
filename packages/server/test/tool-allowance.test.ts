import { createResponse, defineOutput, openAIChat } from '@fieldstream/core';
import { type AllowedTool, createModelProxy, toNodeHandler } from '@fieldstream/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { serve, startUpstream } from './support/local-servers';

// The proxy's tool allowance over real HTTP: a browser-side response (openAIChat pointed at the
// proxy) offers a pinned tool and asks for its output through a pinned output tool; the upstream
// answers with tool calls. A tool the server did not pin, or pinned with another schema, is refused.
// The allowance takes each tool as its definition or as the Chat Completions tool around it.

const KEY = 'sk-test-0123456789abcdefSECRET';
const ticket = defineOutput({ title: ['string'], urgent: ['boolean'] });
const searchTool = {
  name: 'search_tickets',
  description: 'Search the ticket tracker',
  parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
};

const allowTools = [searchTool, { name: 'output', parameters: ticket.toJSONSchema(), strict: true }];
/** The same allowance in the shape a request's `tools` holds, as users copy it. */
const chatCompletionsTools = allowTools.map((tool) => ({ type: 'function' as const, function: tool }));

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: Awaited<ReturnType<typeof serve>>;

/** A Chat Completions stream: the forced output call, then a call of search_tickets. */
function toolStream(): string {
  const chunk = (toolCall: Record<string, unknown>) =>
    `data: ${JSON.stringify({ id: 'c', model: 'm', choices: [{ index: 0, delta: { tool_calls: [toolCall] } }] })}\n\n`;
  return [
    chunk({ index: 0, id: 'call_out', type: 'function', function: { name: 'output', arguments: '{"title":"Disk' } }),
    chunk({ index: 0, function: { arguments: ' full","urgent":true}' } }),
    chunk({
      index: 1,
      id: 'call_s',
      type: 'function',
      function: { name: 'search_tickets', arguments: '{"query":"disk"}' },
    }),
    'data: [DONE]\n\n',
  ].join('');
}

beforeEach(async () => {
  upstream = await startUpstream((_body, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(toolStream());
  });
  proxy = await serveProxy(allowTools);
});

afterEach(async () => {
  await proxy.close();
  await upstream.close();
});

function serveProxy(tools: readonly AllowedTool[]) {
  return serve(
    toNodeHandler(createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, allowTools: tools })),
  );
}

/** A browser-side response through the proxy at `url`: its data and tool calls. */
async function fileTicket(url: string) {
  const response = createResponse({
    model: openAIChat({ baseURL: `${url}/api`, model: 'm', fetch }),
    input: 'file a ticket',
    output: ticket,
    outputTool: true,
    tools: [{ ...searchTool, description: 'the client says something else' }],
  });
  return { data: await response.getData(), toolCalls: await response.getToolCalls() };
}

function post(body: Record<string, unknown>, url = proxy.url): Promise<Response> {
  return fetch(`${url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true, ...body }),
  });
}

describe('createModelProxy allowTools', () => {
  it('an allowed tool and output tool pass: the server pins their definitions, the response gets data and calls', async () => {
    expect(await fileTicket(proxy.url)).toEqual({
      data: { title: 'Disk full', urgent: true },
      toolCalls: [{ index: 0, id: 'call_s', name: 'search_tickets', arguments: { query: 'disk' } }],
    });
    const sent = upstream.requests[0]?.body;
    expect(sent?.tools).toEqual([
      { type: 'function', function: { ...searchTool, strict: false } },
      { type: 'function', function: { name: 'output', parameters: ticket.toJSONSchema(), strict: true } },
    ]);
    expect(sent?.tool_choice).toEqual({ type: 'function', function: { name: 'output' } });
  });

  it('a tool the server did not pin is refused (400 tool_not_allowed) and nothing goes upstream', async () => {
    const answer = await post({
      tools: [{ type: 'function', function: { name: 'delete_everything', parameters: { type: 'object' } } }],
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      error: { code: 'tool_not_allowed', message: 'tool "delete_everything" is not allowed' },
    });
    expect(upstream.requests).toHaveLength(0);
  });

  it('an allowed name with another schema, a forced unknown tool, __proto__ and legacy functions are refused', async () => {
    const refused = [
      { tools: [{ type: 'function', function: { name: 'search_tickets', parameters: { type: 'object' } } }] },
      { tool_choice: { type: 'function', function: { name: 'delete_everything' } } },
      { tools: [{ type: 'function', function: { name: '__proto__', parameters: {} } }] },
      { tool_choice: { type: 'function', function: { name: 'constructor' } } },
    ];
    for (const body of refused) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: 'tool_not_allowed' } });
    }
    const legacy = await post({ functions: [{ name: 'search_tickets' }] });
    expect(await legacy.json()).toMatchObject({ error: { code: 'tools_not_allowed' } });
    expect(upstream.requests).toHaveLength(0);
  });

  it('tools in the Chat Completions shape allow the same: the same answer, upstream request and refusals', async () => {
    const wrapped = await serveProxy(chatCompletionsTools);
    try {
      expect(await fileTicket(wrapped.url)).toEqual(await fileTicket(proxy.url));
      const [viaWrapped, viaDefinitions] = upstream.requests.map((request) => request.body);
      expect(viaWrapped).toEqual(viaDefinitions);
      for (const body of [
        { tools: [{ type: 'function', function: { name: 'delete_everything', parameters: { type: 'object' } } }] },
        { tools: [{ type: 'function', function: { name: 'search_tickets', parameters: { type: 'object' } } }] },
      ]) {
        const [refused, alsoRefused] = await Promise.all([post(body, wrapped.url), post(body)]);
        expect([refused.status, await refused.json()]).toEqual([alsoRefused.status, await alsoRefused.json()]);
        expect(refused.status).toBe(400);
      }
      expect(upstream.requests).toHaveLength(2);
    } finally {
      await wrapped.close();
    }
  });

  it('a tool in neither shape is named with both shapes and the one received', () => {
    const shapes =
      "{ name, description?, parameters, strict? } or { type: 'function', function: { name, description?, parameters, strict? } }";
    const startWith = (tools: unknown) => {
      try {
        createModelProxy({ upstream: { baseURL: upstream.url, apiKey: KEY }, allowTools: tools as AllowedTool[] });
      } catch (error) {
        return { code: (error as { code?: unknown }).code, message: (error as Error).message };
      }
    };
    const nameless = { type: 'function', function: { description: 'Search', parameters: { type: 'object' } } };
    expect(startWith([searchTool, nameless])).toEqual({
      code: 'PROXY_OPTIONS_INVALID',
      message: `createModelProxy: allowTools[1] must be ${shapes}; got { type: string, function: { description: string, parameters: object } }`,
    });
    expect(startWith([null])?.message).toBe(`createModelProxy: allowTools[0] must be ${shapes}; got null`);
    expect(startWith(searchTool)?.message).toBe(
      `createModelProxy: allowTools must be a list of ${shapes}; got { name: string, description: string, parameters: { type: string, properties: object, required: array } }`,
    );
  });

  it('a misconfigured allowance does not start', () => {
    expect(() =>
      createModelProxy({
        upstream: { baseURL: upstream.url, apiKey: KEY },
        allowTools: [{ name: 'bad name', parameters: {} }],
      }),
    ).toThrow(/allowTools/);
  });
});
