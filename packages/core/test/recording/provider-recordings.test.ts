// One recording per provider, made from the provider stream fixtures (fixtures/providers/), replayed:
// each ends in the exact data and store the live response ends in, and carries no key or header.
// FIELDSTREAM_UPDATE_RECORDINGS=1 writes the files again (fixtures/recordings/README.md).
import { readFileSync, writeFileSync } from 'node:fs';
import {
  agentlyInstant,
  anthropicMessages,
  createFieldStore,
  createResponse,
  type Model,
  openAIChat,
  openAIResponses,
} from '@fieldstream/core';
import { parseRecording, recordResponse, replayRecording, serializeRecording } from '@fieldstream/core/recording';
import { fixtureFetch, sseResponse } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../providers/provider-harness';
import { observe } from './recording-sources';

const API_KEY = 'sk-recording-secret-key';

type ProviderCase = {
  name: string;
  fixture: string;
  model(fetch: typeof globalThis.fetch): Model;
  data: unknown;
};

const INCIDENT = { status_summary: 'Disk full on db-1 — writes 😀 paused', risk_flags: ['data loss'] };

const PROVIDERS: ProviderCase[] = [
  {
    name: 'openai-chat',
    fixture: 'openai-chat-stream.txt',
    model: (fetch) => openAIChat({ baseURL: 'https://api.openai.test/v1', apiKey: API_KEY, model: 'gpt-4o', fetch }),
    data: INCIDENT,
  },
  {
    name: 'openai-responses',
    fixture: 'openai-responses-stream.txt',
    model: (fetch) =>
      openAIResponses({ baseURL: 'https://api.openai.test/v1', apiKey: API_KEY, model: 'gpt-4o', fetch }),
    data: INCIDENT,
  },
  {
    name: 'anthropic-messages',
    fixture: 'anthropic-messages-stream.txt',
    model: (fetch) =>
      anthropicMessages({
        baseURL: 'https://api.anthropic.test/v1',
        apiKey: API_KEY,
        model: 'claude-sonnet-4-5',
        fetch,
      }),
    data: INCIDENT,
  },
  {
    name: 'agently-instant',
    fixture: 'agently-instant-repr.txt',
    model: (fetch) =>
      agentlyInstant({ url: 'https://agently.test/instant', headers: { authorization: `Bearer ${API_KEY}` }, fetch }),
    data: { status_summary: 'Disk full on db-1', meta: { score: 12, ok: true }, risk_flags: ['data loss'] },
  },
];

const output = {
  type: 'object',
  properties: {
    status_summary: { type: 'string' },
    risk_flags: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object', properties: { score: { type: 'number' }, ok: { type: 'boolean' } } },
  },
};

/** The provider's response over its fixture, one SSE message per chunk (a timer apart), the request carrying the key. */
function live(provider: ProviderCase) {
  const messages = readFixture(provider.fixture)
    .split(/(?<=\n\n)/)
    .filter((message) => message.trim() !== '');
  const fetch = fixtureFetch(() => sseResponse(messages, { chunkDelayMs: 1 }));
  return createResponse({ model: provider.model(fetch), input: 'Summarise the incident', output, format: 'json' });
}

/** A clock that moves on 10 ms at each read, so the files do not change with the machine. */
function steppingClock(): () => number {
  let ms = 0;
  return () => (ms += 10);
}

const file = (provider: ProviderCase) =>
  new URL(`../fixtures/recordings/${provider.name}.recording.json`, import.meta.url);

describe.each(PROVIDERS)('the $name recording', (provider) => {
  if (process.env.FIELDSTREAM_UPDATE_RECORDINGS === '1') {
    it('is written again', async () => {
      const recording = await recordResponse(live(provider), {
        label: `${provider.name} over fixtures/providers/${provider.fixture}`,
        now: steppingClock(),
      }).done;
      writeFileSync(file(provider), serializeRecording(recording));
    });
  }

  it('replays to the exact data and store of the live response', async () => {
    const recording = parseRecording(readFileSync(file(provider), 'utf8'));
    const replayed = replayRecording(recording);
    const store = createFieldStore(replayed);
    const replay = observe(replayed);
    expect(await replayed.getData()).toEqual(provider.data);
    expect(store.getState()).toMatchObject({
      status: 'done',
      data: provider.data,
      final: provider.data,
      error: undefined,
    });
    const original = live(provider);
    const seen = observe(original);
    original.start();
    expect(await replay()).toEqual(await seen());
  });

  it('holds no key, header or prompt', () => {
    const text = readFileSync(file(provider), 'utf8');
    for (const secret of [API_KEY, 'authorization', 'Bearer', 'Summarise the incident', 'cookie'])
      expect(text).not.toContain(secret);
  });
});
