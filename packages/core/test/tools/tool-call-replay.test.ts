import { createResponse, defineOutput, type StreamingData } from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anthropicOn as anthropic,
  chatOn as chat,
  type FetchProvider as Provider,
  readFixture,
  recordedBody,
  responsesOn as responses,
  seededSplit,
} from '../providers/provider-harness';
import { contractViolations, mergeDeltas } from '../support/events';

// Tool-call streams recorded from real APIs (fixtures/providers/recorded/README.md) and one
// hand-written parallel stream (fixtures/providers/README.md), replayed under many byte chunkings:
// the `$tools` patches, the final calls and the data must be the same under every one.

/** A fetch that answers with `body` cut into seeded random byte chunks. */
function chunkedFetch(body: string, seed: number | undefined): typeof fetch {
  const bytes = new TextEncoder().encode(body);
  const chunks = seed === undefined ? [bytes] : seededSplit(bytes, seed);
  return async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    );
}

type Case = { name: string; body: string; provider: Provider; text: string; calls: unknown[] };

const CASES: Case[] = [
  {
    name: 'OpenAI Chat (gpt-4o): text, then a call whose arguments are "" then "{}"',
    body: recordedBody('openai-chat-text-then-tool-usage-last.chunks.txt', 'chat'),
    provider: chat,
    text: 'PRE_TOOL',
    calls: [{ index: 0, id: 'call_NZa7xqfefoaMI2YYHowVXVlU', name: 'weather', arguments: {} }],
  },
  {
    name: 'Groq: a call whose arguments split inside a value',
    body: recordedBody('groq-json-tool-call-x-groq-usage.chunks.txt', 'chat'),
    provider: chat,
    text: '',
    calls: [{ index: 0, id: 'ax9fskhew', name: 'json', arguments: { value: 'Sparkle Day' } }],
  },
  {
    name: 'OpenAI Chat, parallel calls interleaved by index (hand-written)',
    body: readFixture('openai-chat-parallel-tool-calls.txt'),
    provider: chat,
    text: '',
    calls: [
      { index: 0, id: 'call_search01', name: 'search_tickets', arguments: { query: 'disk full', limit: 5 } },
      {
        index: 1,
        id: 'call_file02',
        name: 'file_ticket',
        arguments: { title: 'db-1 disk full — writes paused', priority: 'high', tags: ['storage', 'db'] },
      },
    ],
  },
  {
    name: 'OpenAI Responses (Azure): function_call item, arguments deltas, .done',
    body: recordedBody('azure-responses-function-call.chunks.txt', 'typed'),
    provider: responses,
    text: '',
    calls: [
      { index: 0, id: 'call_H5DxLSFnsGhiROnUiDHmgyc8', name: 'weather', arguments: { location: 'San Francisco' } },
    ],
  },
  {
    name: 'Anthropic: tool_use with input_json_delta (the first one empty)',
    body: recordedBody('anthropic-json-tool-input-delta.chunks.txt', 'typed'),
    provider: anthropic,
    text: '',
    calls: [
      {
        index: 0,
        id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA',
        name: 'json',
        arguments: { elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }] },
      },
    ],
  },
  {
    name: 'Anthropic: a text block, then a tool_use block (index 1) without arguments',
    body: recordedBody('anthropic-text-then-tool-no-args.chunks.txt', 'typed'),
    provider: anthropic,
    text: "I'll update the issue list for you.",
    calls: [{ index: 0, id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', arguments: {} }],
  },
];

async function replay(testCase: Case, seed: number | undefined) {
  const response = createResponse({ model: testCase.provider(chunkedFetch(testCase.body, seed)), input: 'x' });
  const patches: StreamingData[] = [];
  for await (const patch of response.instant()) if (patch.path.startsWith('$tools')) patches.push(patch);
  return { patches, calls: await response.getToolCalls(), text: await response.getText() };
}

describe.each(CASES)('$name', (testCase) => {
  it('streams each call as $tools patches and ends with the parsed calls', async () => {
    const { patches, calls, text } = await replay(testCase, undefined);
    expect(calls).toEqual(testCase.calls);
    expect(text).toBe(testCase.text);
    // Each call: opens, id and name complete, then its arguments, and the call completes last.
    for (const { index, ...call } of testCase.calls as { index: number; id: string; name: string }[]) {
      const own = patches.filter((patch) => patch.path.startsWith(`$tools[${index}]`));
      // Parallel calls interleave; each call keeps the patch contract on its own (docs/patch-contract.md §5).
      expect(contractViolations(own)).toEqual([]);
      expect(own[0]).toMatchObject({ path: `$tools[${index}]`, event_type: 'delta', value: {} });
      expect(own.find((patch) => patch.path.endsWith('.name') && patch.event_type === 'done')?.value).toBe(call.name);
      expect(own.at(-1)).toMatchObject({ path: `$tools[${index}]`, event_type: 'done', value: call });
      expect(own.every((patch) => patch.indexes[0] === index)).toBe(true);
    }
  });

  it('gives the same patches, calls and text under every byte chunking (property)', async () => {
    const reference = await replay(testCase, undefined);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const run = await replay(testCase, seed);
        expect(mergeDeltas(run.patches)).toEqual(mergeDeltas(reference.patches));
        expect(run.calls).toEqual(testCase.calls);
        expect(run.text).toBe(testCase.text);
      }),
      { numRuns: 25 },
    );
  });
});

describe('output through a tool, on recorded streams', () => {
  it('Anthropic: the forced tool_use input is the data, with the same patches as the JSON answer', async () => {
    const output = defineOutput({
      elements: [{ location: ['string'], temperature: ['number'], condition: ['string'] }],
    });
    const body = recordedBody('anthropic-json-tool-input-delta.chunks.txt', 'typed');
    const viaTool = createResponse({
      model: anthropic(chunkedFetch(body, 3)),
      input: 'x',
      output,
      outputTool: { name: 'json' },
    });
    const data = { elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }] };
    const patches: StreamingData[] = [];
    for await (const patch of viaTool.instant()) patches.push(patch);
    expect(await viaTool.getData()).toEqual(data);
    expect(await viaTool.getToolCalls()).toEqual([]);
    expect(patches.filter((patch) => patch.path.startsWith('$'))).toEqual([]);
    expect(patches.at(-1)).toMatchObject({ path: '', event_type: 'done', value: data });
  });

  it('Groq: the forced call "json" gives { value }', async () => {
    const body = recordedBody('groq-json-tool-call-x-groq-usage.chunks.txt', 'chat');
    const response = createResponse({
      model: chat(chunkedFetch(body, 11)),
      input: 'x',
      output: defineOutput({ value: ['string'] }),
      outputTool: { name: 'json' },
    });
    expect(await response.getData()).toEqual({ value: 'Sparkle Day' });
  });
});
