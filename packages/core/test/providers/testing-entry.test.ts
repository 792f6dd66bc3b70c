import * as core from '@fieldstream/core';
import {
  agentlyInstant,
  anthropicMessages,
  type ModelEvent,
  openAIChat,
  openAIResponses,
  parseSSE,
  type StreamingData,
  TransportError,
} from '@fieldstream/core';
import { providerCapabilities } from '@fieldstream/core/kits';
import {
  agentlyInstantFixture,
  anthropicMessagesFixture,
  fixtureFetch,
  formatSSE,
  openAIChatFixture,
  openAIResponsesFixture,
  scriptedModel,
  sseResponse,
} from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';
import { joined, runModel } from './provider-harness';

const fixture = { text: ['{"a": ', '"é😀"}'], reasoning: ['hm, ', 'ok'], usage: { input: 3, output: 4 } };

describe('@fieldstream/core/testing', () => {
  it('is the one home of scriptedModel: the main entry does not export it', () => {
    expect(typeof scriptedModel).toBe('function');
    expect('scriptedModel' in core).toBe(false);
  });

  it.each([
    ['openAIChat', openAIChat, openAIChatFixture],
    ['openAIResponses', openAIResponses, openAIResponsesFixture],
    ['anthropicMessages', anthropicMessages, anthropicMessagesFixture],
  ] as const)('%s fixture plays back through the provider with a fixture fetch', async (_name, provider, build) => {
    const fetch = fixtureFetch(() => sseResponse(build(fixture).match(/[\s\S]{1,7}/g) ?? []));
    const { events, error } = await runModel(
      provider({ baseURL: 'https://api.test/v1', model: 'm', apiKey: 'k', fetch }),
    );
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe('{"a": "é😀"}');
    expect(joined(events, 'reasoning')).toBe('hm, ok');
    expect(events.at(-1)).toMatchObject({
      type: 'meta',
      meta: { usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 } },
    });
    expect(fetch.calls).toHaveLength(1);
    expect(fetch.calls[0]?.method).toBe('POST');
    expect(fetch.calls[0]?.url.startsWith('https://api.test/v1/')).toBe(true);
    expect(JSON.parse(fetch.calls[0]?.body ?? '').stream).toBe(true);
  });

  it('agentlyInstantFixture plays back through agentlyInstant', async () => {
    const data: StreamingData[] = [
      { path: 'a', wildcard_path: 'a', indexes: [], delta: 'x', value: 'x', is_complete: false, event_type: 'delta' },
      {
        path: 'a',
        wildcard_path: 'a',
        indexes: [],
        delta: '',
        value: 'x',
        is_complete: true,
        event_type: 'done',
        completion_source: 'observed_boundary',
      },
    ];
    const fetch = fixtureFetch(() => sseResponse(agentlyInstantFixture(data)));
    const { events } = await runModel(agentlyInstant({ url: 'https://agently.test/instant', fetch }));
    expect(events).toEqual(data.map((d): ModelEvent => ({ type: 'patch', data: d })));
  });

  it('sseResponse can drop the connection: the provider reports TransportError status 0', async () => {
    const body = openAIChatFixture({ text: ['a', 'b'] });
    const fetch = fixtureFetch(() =>
      sseResponse(body.slice(0, body.indexOf('data: [DONE]')), { dropConnection: true }),
    );
    const { events, error } = await runModel(openAIChat({ baseURL: 'https://api.test', model: 'm', fetch }));
    expect(joined(events, 'text')).toBe('ab');
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('formatSSE writes multi-line data, names and ids that parseSSE reads back', async () => {
    const text = formatSSE(['one', { event: 'x', id: '9', data: 'two\nlines' }]);
    expect(text).toBe('data: one\n\nevent: x\nid: 9\ndata: two\ndata: lines\n\n');
    const messages = [];
    for await (const message of parseSSE(sseResponse(text).body as ReadableStream<Uint8Array>)) messages.push(message);
    expect(messages).toEqual([
      { event: 'message', data: 'one', id: '' },
      { event: 'x', data: 'two\nlines', id: '9' },
    ]);
  });
});

describe('providerCapabilities', () => {
  it('lists every shipped provider with the four capability flags', () => {
    expect(Object.keys(providerCapabilities).sort()).toEqual(
      ['agentlyInstant', 'anthropicMessages', 'openAIChat', 'openAIResponses', 'scriptedModel', 'textStream'].sort(),
    );
    for (const capabilities of Object.values(providerCapabilities)) {
      expect(Object.keys(capabilities).sort()).toEqual(['jsonObject', 'jsonSchema', 'reasoning', 'strictJsonSchema']);
    }
    expect(providerCapabilities.openAIChat).toEqual({
      jsonObject: true,
      jsonSchema: true,
      strictJsonSchema: true,
      reasoning: true,
    });
    expect(providerCapabilities.anthropicMessages.jsonSchema).toBe(false);
    expect(providerCapabilities.textStream.reasoning).toBe(false);
  });
});
