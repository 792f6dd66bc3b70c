import { AbortError, FieldstreamError, TransportError, textStream } from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, startServer } from '../transport/local-server';
import { joined, runModel } from './provider-harness';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function* strings(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

describe('textStream', () => {
  it('turns a fetch body from a local server into text events, multibyte characters intact', async () => {
    const answer = '{"summary": "Ünïcode 😀 ok"}';
    const bytes = new TextEncoder().encode(answer);
    server = await startServer(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      for (let i = 0; i < bytes.length; i += 3) {
        res.write(bytes.subarray(i, i + 3));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end();
    });
    const url = server.url;
    const model = textStream(async (_request, { signal }) => {
      const response = await fetch(url, { signal });
      if (!response.body) throw new Error('no body');
      return response.body;
    });
    const { events, error } = await runModel(model);
    expect(error).toBeUndefined();
    expect(joined(events, 'text')).toBe(answer);
    expect(events.every((e) => e.type === 'text' && !e.delta.includes('\uFFFD'))).toBe(true);
  });

  it('holds back a high surrogate split across string chunks', async () => {
    const { events } = await runModel(textStream(strings(['a\uD83D', '\uDE00b'])));
    expect(events).toEqual([
      { type: 'text', delta: 'a' },
      { type: 'text', delta: '😀b' },
    ]);
  });

  it('a single stream serves one attempt; a function serves each attempt', async () => {
    const once = textStream(strings(['x']));
    expect((await runModel(once)).error).toBeUndefined();
    const second = await runModel(once, { attempt: 1 });
    expect(second.error).toBeInstanceOf(FieldstreamError);
    expect(second.error).toMatchObject({ code: 'SOURCE_CONSUMED', attempt: 1 });
    const perAttempt = textStream((request) => strings([`attempt ${request.attempt}`]));
    expect(joined((await runModel(perAttempt, { attempt: 3 })).events, 'text')).toBe('attempt 3');
  });

  it('a failing source → TransportError status 0 after the text that arrived', async () => {
    async function* failing() {
      yield 'partial';
      throw new Error('socket closed');
    }
    const { events, error } = await runModel(textStream(failing()));
    expect(joined(events, 'text')).toBe('partial');
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('abort → AbortError and the source is cancelled', async () => {
    let cancelled = false;
    const source = new ReadableStream<string>({
      start(controller) {
        controller.enqueue('first');
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const model = textStream(source);
    const seen: string[] = [];
    const done = (async () => {
      for await (const event of model(
        { prompt: '', messages: [], format: 'text', attempt: 0, settings: {} },
        { signal: controller.signal },
      )) {
        if (event.type === 'text') seen.push(event.delta);
        controller.abort();
      }
    })();
    await expect(done).rejects.toBeInstanceOf(AbortError);
    expect(seen).toEqual(['first']);
    expect(cancelled).toBe(true);
  });
});
