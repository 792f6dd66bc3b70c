// Real provider transcripts (fixtures/providers/recorded/: streams the providers' APIs sent,
// recorded by public SDK test suites) made into recordings: each response over a transcript is
// recorded, written and read back as a file, and replayed at every pace to the same events, store,
// text, tool calls and data as the live response; the file carries no key.
import { createResponse, type StreamedResponse } from '@fieldstream/core';
import {
  parseRecording,
  type ReplayPace,
  recordResponse,
  replayRecording,
  serializeRecording,
} from '@fieldstream/core/recording';
import { fixtureFetch } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';
import {
  anthropicOn,
  chatOn,
  type Dialect,
  type FetchProvider,
  recordedBody,
  responsesOn,
} from '../providers/provider-harness';
import { observe } from './recording-sources';

/** `text`: how the answer text starts (all of it when short); `reasoning`: whether the model reasoned aloud. */
type Transcript = {
  file: string;
  dialect: Dialect;
  provider: FetchProvider;
  text: string;
  tools: number;
  reasoning?: true;
};

const TRANSCRIPTS: Transcript[] = [
  { file: 'azure-openai-chat-text.chunks.txt', dialect: 'chat', provider: chatOn, text: 'Hello World', tools: 0 },
  {
    file: 'azure-openai-chat-gpt5-usage-last.chunks.txt',
    dialect: 'chat',
    provider: chatOn,
    text: 'Capital of Denmark.',
    tools: 0,
  },
  {
    file: 'openai-chat-text-then-tool-usage-last.chunks.txt',
    dialect: 'chat',
    provider: chatOn,
    text: 'PRE_TOOL',
    tools: 1,
  },
  { file: 'groq-json-tool-call-x-groq-usage.chunks.txt', dialect: 'chat', provider: chatOn, text: '', tools: 1 },
  {
    file: 'deepseek-reasoner-length.chunks.txt',
    dialect: 'chat',
    provider: chatOn,
    text: '',
    tools: 0,
    reasoning: true,
  },
  { file: 'openai-responses-text.chunks.txt', dialect: 'typed', provider: responsesOn, text: 'OK', tools: 0 },
  { file: 'azure-responses-function-call.chunks.txt', dialect: 'typed', provider: responsesOn, text: '', tools: 1 },
  {
    file: 'anthropic-messages-text.chunks.txt',
    dialect: 'typed',
    provider: anthropicOn,
    text: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
    tools: 0,
  },
  {
    file: 'anthropic-thinking-signature.chunks.txt',
    dialect: 'typed',
    provider: anthropicOn,
    text: '# Finding GCD(1071, 462) Using the Euclidean Algorithm',
    tools: 0,
    reasoning: true,
  },
  { file: 'anthropic-json-tool-input-delta.chunks.txt', dialect: 'typed', provider: anthropicOn, text: '', tools: 1 },
  {
    file: 'anthropic-text-then-tool-no-args.chunks.txt',
    dialect: 'typed',
    provider: anthropicOn,
    text: "I'll update the issue list for you.",
    tools: 1,
  },
];

const API_KEY = 'sk-transcript-secret-key';

/** A text response over the transcript, as the provider sent it, the request carrying a key. */
function live(transcript: Transcript): StreamedResponse<unknown> {
  const body = recordedBody(transcript.file, transcript.dialect);
  const fetch = fixtureFetch(
    () => new Response(body, { headers: { 'content-type': 'text/event-stream', 'set-cookie': 'session=1' } }),
  );
  const model = transcript.provider((input, init) =>
    fetch(input, { ...init, headers: { ...init?.headers, authorization: `Bearer ${API_KEY}` } }),
  );
  return createResponse({ model, input: 'Answer the question', format: 'text' });
}

/** Every message out, one `step()` at a time, then the run's end. */
async function stepped(response: ReturnType<typeof replayRecording> & { step(): boolean }) {
  while (response.step()) await Promise.resolve();
}

/** A replay scheduler that runs each wait's callback in a microtask: the recorded gaps, without the wall clock. */
function atOnce(callback: () => void): () => void {
  queueMicrotask(callback);
  return () => undefined;
}

const PACES: ReplayPace[] = ['instant', 'recorded', 4, 'step'];

describe.each(TRANSCRIPTS)('the recording of $file', (transcript) => {
  it.each(PACES)('replays at %s pace to what the live response showed', async (pace) => {
    const original = live(transcript);
    const seen = observe(original);
    // With the raw text (`text: true`), so the replay's getText() is the live one's too.
    const handle = recordResponse(original, { label: transcript.file, text: true });
    const expected = await seen();
    const file = serializeRecording(await handle.done);
    expect(file).not.toContain(API_KEY);
    expect(file).not.toContain('session=1');
    expect(file).not.toContain('Answer the question');

    // At `recorded` pace the waits are the recorded gaps, served at once by this scheduler.
    const replayed =
      pace === 'step'
        ? replayRecording(parseRecording(file), { pace: 'step' })
        : replayRecording(parseRecording(file), { pace, schedule: atOnce });
    const replay = observe(replayed);
    if ('step' in replayed && typeof replayed.step === 'function') await stepped(replayed as never);
    const actual = await replay();
    expect(actual).toEqual(expected);
    expect(await replayed.getText()).toBe(await original.getText());
    expect((await replayed.getText()).startsWith(transcript.text)).toBe(true);
    expect(actual.state.reasoning !== '').toBe(transcript.reasoning === true);
    expect(await replayed.getToolCalls()).toEqual(await original.getToolCalls());
    expect((await replayed.getToolCalls()).length).toBe(transcript.tools);
  });
});
