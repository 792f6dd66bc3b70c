import { createResponse, openAIChat } from '@fieldstream/core';
import { parseRecording, recordResponse, replayRecording, serializeRecording } from '@fieldstream/core/recording';
import { fixtureFetch, sseResponse } from '@fieldstream/core/testing';
import { createModelProxy, toNodeHandler, type UpstreamTranscript } from '@fieldstream/server';
import { afterEach, describe, expect, it } from 'vitest';
import { serve, sseChunk, startUpstream, until } from './support/local-servers';

// In development the proxy hands over the upstream's answer as the client got it, to be written to
// a fixture file: never the key (scrubbed), the request (its prompt), a header or a cookie.

const KEY = 'sk-transcript-0123456789abcdefSECRET';
const PROMPT = 'Summarise the incident on db-1';
const CLIENT_TOKEN = 'client-session-token-42';
const ANSWER = ['{"status_summary": "Disk ', 'full", "risk_flags": ["data loss"]}'];
/** The upstream's answer: two content chunks, one of them quoting the key, and `[DONE]`. */
const UPSTREAM_BODY = `${sseChunk(ANSWER[0] ?? '')}${sseChunk(ANSWER[1] ?? '')}: echo ${KEY}\n\ndata: [DONE]\n\n`;

let close: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(close.map((stop) => stop()));
  close = [];
});

/** A proxy in front of an upstream that answers with `body`, cookies and a request id; gives its transcripts. */
async function proxyWithTranscripts(body: string, options: { hold?: boolean } = {}) {
  const upstream = await startUpstream((_body, res) => {
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'set-cookie': `upstream-session=${KEY}`,
      'x-request-id': 'req_upstream_1',
    });
    if (options.hold === true) res.write(body);
    else res.end(body);
  });
  const transcripts: UpstreamTranscript[] = [];
  const proxy = await serve(
    toNodeHandler(
      createModelProxy({
        upstream: { baseURL: upstream.url, apiKey: KEY },
        onTranscript: (transcript) => transcripts.push(transcript),
      }),
    ),
  );
  close.push(upstream.close, proxy.close);
  return { url: `${proxy.url}/api/chat`, transcripts };
}

/** A chat request as a browser sends it: its own authorization and cookies, and the prompt. */
function chatRequest(url: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${CLIENT_TOKEN}`,
      cookie: `session=${CLIENT_TOKEN}`,
    },
    body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: PROMPT }], stream: true }),
    signal,
  });
}

describe('createModelProxy onTranscript', () => {
  it('hands over the body the client got, once it ended: no key, request, header or cookie', async () => {
    const { url, transcripts } = await proxyWithTranscripts(UPSTREAM_BODY);
    const received = await (await chatRequest(url)).text();
    await until(() => transcripts.length === 1);
    expect(transcripts).toEqual([
      {
        status: 200,
        contentType: 'text/event-stream',
        body: received,
        complete: true,
      },
    ]);
    const text = JSON.stringify(transcripts);
    for (const secret of [KEY, KEY.slice(0, 12), CLIENT_TOKEN, PROMPT, 'cookie', 'req_upstream_1', 'authorization'])
      expect(text).not.toContain(secret);
    expect(received).toBe(UPSTREAM_BODY.replace(KEY, '[redacted]'));
  });

  it('replays as a fixture, and records to a recording that replays to the same data', async () => {
    const { url, transcripts } = await proxyWithTranscripts(UPSTREAM_BODY);
    await (await chatRequest(url)).text();
    await until(() => transcripts.length === 1);
    const body = transcripts[0]?.body ?? '';
    const model = openAIChat({
      baseURL: 'https://fixture.test/v1',
      model: 'gpt-4o',
      fetch: fixtureFetch(() => sseResponse(body)),
    });
    const output = {
      type: 'object',
      properties: { status_summary: { type: 'string' }, risk_flags: { type: 'array', items: { type: 'string' } } },
    };
    const response = createResponse({ model, input: PROMPT, output, format: 'json' });
    const recording = parseRecording(serializeRecording(await recordResponse(response).done));
    const expected = { status_summary: 'Disk full', risk_flags: ['data loss'] };
    expect(await response.getData()).toEqual(expected);
    expect(await replayRecording(recording).getData()).toEqual(expected);
    expect(serializeRecording(recording)).not.toContain(PROMPT);
  });

  it('marks a body the client left as incomplete', async () => {
    const { url, transcripts } = await proxyWithTranscripts(sseChunk(ANSWER[0] ?? ''), { hold: true });
    const controller = new AbortController();
    const response = await chatRequest(url, controller.signal);
    const reader = response.body?.getReader();
    await reader?.read();
    controller.abort();
    await until(() => transcripts.length === 1);
    expect(transcripts[0]).toMatchObject({ status: 200, complete: false });
    expect(sseChunk(ANSWER[0] ?? '').startsWith(transcripts[0]?.body ?? 'none')).toBe(true);
  });

  it('a callback that throws is reported; the answer is sent all the same', async () => {
    const upstream = await startUpstream((_body, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(UPSTREAM_BODY);
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const handler = createModelProxy({
        upstream: { baseURL: upstream.url, apiKey: KEY },
        rateLimit: false,
        onTranscript: () => {
          throw new Error('disk full');
        },
      });
      const response = await handler(
        new Request('http://localhost/api/chat', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ messages: [], stream: true }),
        }),
      );
      expect(await response.text()).toBe(UPSTREAM_BODY.replace(KEY, '[redacted]'));
      expect(errors).toEqual([['Fieldstream: createModelProxy onTranscript threw:', new Error('disk full')]]);
    } finally {
      console.error = original;
      await upstream.close();
    }
  });

  it('must be a function', () => {
    expect(() =>
      createModelProxy({
        upstream: { baseURL: 'https://api.openai.com/v1', apiKey: KEY },
        onTranscript: 'transcripts.txt' as unknown as () => void,
      }),
    ).toThrow('createModelProxy: onTranscript must be a function');
  });
});
