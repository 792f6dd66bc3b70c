import { readFileSync } from 'node:fs';
import { createResponse, openAIChat } from '@fieldstream/core';
import { fixtureFetch, sseResponse } from '@fieldstream/core/testing';
import { expect, it } from 'vitest';

const answer = readFileSync(new URL('../fixtures/providers/openai-chat-stream.txt', import.meta.url), 'utf8');

it('reads the summary and the risks from the recorded answer', async () => {
  const fetch = fixtureFetch(() => sseResponse(answer));
  const model = openAIChat({ baseURL: 'https://api.test/v1', model: 'gpt-4o', fetch });
  const response = createResponse({ model, input: 'Summarise the incident', format: 'json' });
  expect(await response.getData()).toEqual({
    status_summary: 'Disk full on db-1 — writes 😀 paused',
    risk_flags: ['data loss'],
  });
});
