import {
  anthropicMessages,
  createResponse,
  defineOutput,
  type Model,
  openAIChat,
  openAIResponses,
} from '@fieldstream/core';
import { describe, expect, it } from 'vitest';

// What each adapter sends for a response's tools and output tool: the dialect's tool list and a
// forced tool_choice; nothing at all for a response without tools.

const ticket = defineOutput({ title: ['string', 'title', 'not_null'] });
const search = {
  name: 'search',
  description: 'Search',
  parameters: { type: 'object', properties: { q: { type: 'string' } } },
};

/** A fetch that records the body and answers with an empty (failing) stream. */
function recordingFetch(bodies: Record<string, unknown>[]): typeof fetch {
  return async (_url, init) => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response('', { status: 400 });
  };
}

async function bodyOf(provider: (fetchImpl: typeof fetch) => Model, withTools: boolean) {
  const bodies: Record<string, unknown>[] = [];
  const response = createResponse({
    model: provider(recordingFetch(bodies)),
    input: 'x',
    output: ticket,
    maxRetries: 0,
    ...(withTools ? { outputTool: true, tools: [search] } : {}),
  });
  await response.getData().catch(() => {});
  return bodies[0] ?? {};
}

const base = { baseURL: 'http://fixture.test', model: 'm' };
const outputSchema = ticket.toJSONSchema();

describe('tool requests in each dialect', () => {
  it('Chat Completions: function tools, the output tool strict and forced', async () => {
    const body = await bodyOf((fetch) => openAIChat({ ...base, fetch }), true);
    expect(body.tools).toEqual([
      { type: 'function', function: { ...search, strict: false } },
      { type: 'function', function: { name: 'output', parameters: outputSchema, strict: true } },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'output' } });
  });

  it('Responses: flat function tools, forced by name', async () => {
    const body = await bodyOf((fetch) => openAIResponses({ ...base, fetch }), true);
    expect(body.tools).toEqual([
      { type: 'function', ...search, strict: false },
      { type: 'function', name: 'output', parameters: outputSchema, strict: true },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', name: 'output' });
  });

  it('Anthropic: input_schema tools, tool_choice { type: tool }', async () => {
    const body = await bodyOf((fetch) => anthropicMessages({ ...base, fetch }), true);
    expect(body.tools).toEqual([
      { name: 'search', description: 'Search', input_schema: search.parameters },
      { name: 'output', input_schema: outputSchema },
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'output' });
  });

  it('a response without tools sends no tool fields', async () => {
    for (const provider of [openAIChat, openAIResponses, anthropicMessages]) {
      const body = await bodyOf((fetch) => provider({ ...base, fetch }), false);
      expect(Object.keys(body)).not.toContain('tools');
      expect(Object.keys(body)).not.toContain('tool_choice');
    }
  });
});
