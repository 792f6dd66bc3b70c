// The tool-calls snippet of packages/core/README.md, verbatim: it must compile as written.
import { createResponse, defineOutput, openAIChat } from '@fieldstream/core';

const ticket = defineOutput({ title: ['string', 'one line', 'not_null'], urgent: ['boolean'] });
const model = openAIChat({ baseURL: '/api', model: 'gpt-4.1-mini' });

// (a) The output as the arguments of one forced tool: same patches, store, validation and retries.
const filed = createResponse({ model, input: 'File a ticket for the outage.', output: ticket, outputTool: true });
const data = await filed.getData(); // { title: string; urgent?: boolean }

// (b) Tools the model may call: each call streams on `$tools[i]`; Fieldstream never runs them.
const agent = createResponse({
  model,
  input: 'Find similar tickets.',
  tools: [{ name: 'search_tickets', parameters: { type: 'object', properties: { query: { type: 'string' } } } }],
});
for (const call of await agent.getToolCalls()) console.log(call.name, call.id, call.arguments);

export { data };
