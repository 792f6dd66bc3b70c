import { defineOutput, type ToolDefinition } from '@fieldstream/core';

// The tool-calls page's scenario, shared by the page, the playground server (which plays the model
// in three wire dialects) and the e2e test.

/** The dialects the page can speak, each served by the playground at `/api/tools/…`. */
export const TOOL_DIALECTS = ['openai-chat', 'openai-responses', 'anthropic-messages'] as const;
export type ToolDialect = (typeof TOOL_DIALECTS)[number];

/** The provider base URL: `openAIChat` appends `chat/completions`, the others `responses` / `messages`. */
export const TOOLS_BASE_URL = '/api/tools';

/** (a) the output asked for through a forced tool. */
export const Ticket = defineOutput({
  title: ['string', 'one-line title', 'not_null'],
  severity: ['string', 'low, medium or high'],
  summary: ['string', 'what happened'],
  tags: [['string', 'a tag']],
});

export const TICKET_ANSWER =
  '{"title": "db-1 disk full", "severity": "high", "summary": "Writes paused on db-1 at 03:12 after the data volume filled; replicas are healthy.", "tags": ["storage", "database", "on-call"]}';

/** (b) the tools the model may call; it calls both at once. */
export const TOOLS: ToolDefinition[] = [
  {
    name: 'search_tickets',
    description: 'Search the ticket tracker',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query', 'limit'],
    },
  },
  {
    name: 'file_ticket',
    description: 'File a new ticket',
    parameters: {
      type: 'object',
      properties: { title: { type: 'string' }, priority: { type: 'string' }, body: { type: 'string' } },
      required: ['title', 'priority', 'body'],
    },
  },
];

/** The two calls the built-in model makes, with their arguments as it writes them. */
export const PARALLEL_CALLS = [
  {
    id: 'call_search_01',
    name: 'search_tickets',
    arguments: '{"query": "disk full on db-1 last 30 days", "limit": 5}',
  },
  {
    id: 'call_file_02',
    name: 'file_ticket',
    arguments:
      '{"title": "db-1 disk full — writes paused", "priority": "high", "body": "The data volume on db-1 filled at 03:12; writes are paused until space is freed."}',
  },
];
