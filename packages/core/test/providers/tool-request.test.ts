import { createResponse, defineOutput } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { anthropicOn, chatOn, type FetchProvider, responsesOn } from './provider-harness';

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

async function bodyOf(provider: FetchProvider, withTools: boolean) {
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

const outputSchema = ticket.toJSONSchema();

describe('tool requests in each dialect', () => {
  it('Chat Completions: function tools, the output tool strict and forced', async () => {
    const body = await bodyOf(chatOn, true);
    expect(body.tools).toEqual([
      { type: 'function', function: { ...search, strict: false } },
      { type: 'function', function: { name: 'output', parameters: outputSchema, strict: true } },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', function: { name: 'output' } });
  });

  it('Responses: flat function tools, forced by name', async () => {
    const body = await bodyOf(responsesOn, true);
    expect(body.tools).toEqual([
      { type: 'function', ...search, strict: false },
      { type: 'function', name: 'output', parameters: outputSchema, strict: true },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', name: 'output' });
  });

  it('Anthropic: input_schema tools, tool_choice { type: tool }', async () => {
    const body = await bodyOf(anthropicOn, true);
    expect(body.tools).toEqual([
      { name: 'search', description: 'Search', input_schema: search.parameters },
      { name: 'output', input_schema: outputSchema },
    ]);
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'output' });
  });

  it('a response without tools sends no tool fields', async () => {
    for (const provider of [chatOn, responsesOn, anthropicOn]) {
      const body = await bodyOf(provider, false);
      expect(Object.keys(body)).not.toContain('tools');
      expect(Object.keys(body)).not.toContain('tool_choice');
    }
  });
});
