// The server guide's promise, over real local HTTP: no piece of 8+ characters of the API key
// reaches the browser, through the model proxy or through a patch stream whose provider echoes it.
import type { ServerResponse } from 'node:http';
import { createResponse, defineOutput, openAIChat, type ResponseEvent } from '@fieldstream/core';
import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import { createModelProxy, toNodeHandler } from '@fieldstream/server';
import { afterEach, describe, expect, it } from 'vitest';
import { serve, sseChunk, startUpstream } from './support/local-servers';

const KEY = 'sk-proj-Ab3De5Fg7Hj9Kl1Mn3Pq5Rs7Tu9Vw1Xy3Za5Bc7De9Fg1Hj3Kl5Mn7_Pq9Rs1Tu3Vw5Xy7Za9Bc1De3';
/** How upstreams quote a key: its first 24 characters before `...`, its last 16 after `ending in`, a piece, whole. */
const QUOTED = `Incorrect API key provided: ${KEY.slice(0, 24)}... (truncated); the key …ending in ${KEY.slice(-16)}. (${KEY.slice(30, 60)}) ${KEY}`;

/** The 8-character pieces of the key in `text`. */
function leakedPieces(text: string): string[] {
  const pieces = new Set<string>();
  for (let i = 0; i + 8 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 8))) pieces.add(KEY.slice(i, i + 8));
  return [...pieces];
}

/** Writes `text` in small chunks with a pause between them, so pieces of the key are cut across reads. */
async function drip(res: ServerResponse, text: string, size = 5): Promise<void> {
  for (let at = 0; at < text.length; at += size) {
    res.write(text.slice(at, at + size));
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  res.end();
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function upstreamAnswering(reply: (res: ServerResponse) => void | Promise<void>): Promise<string> {
  const upstream = await startUpstream((_body, res) => reply(res));
  closers.push(upstream.close);
  return upstream.url;
}

describe('the model proxy keeps every 8+ character piece of the key from the browser', () => {
  async function proxyTo(upstreamUrl: string): Promise<string> {
    const proxy = await serve(toNodeHandler(createModelProxy({ upstream: { baseURL: upstreamUrl, apiKey: KEY } })));
    closers.push(proxy.close);
    return `${proxy.url}/api/chat`;
  }
  const post = (url: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });

  it('in an upstream 401 body that quotes pieces of the key', async () => {
    const url = await proxyTo(
      await upstreamAnswering((res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: QUOTED, code: 'invalid_api_key' } }));
      }),
    );
    const response = await post(url);
    const text = await response.text();
    expect(response.status).toBe(401);
    expect(text).toContain('Incorrect API key provided: [redacted]... (truncated); the key …ending in [redacted].');
    expect(leakedPieces(text)).toEqual([]);
  });

  it('in an SSE answer, with pieces cut across chunks and the key minus its last character at the end', async () => {
    const url = await proxyTo(
      await upstreamAnswering((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return drip(res, `${sseChunk(`a piece ${KEY.slice(7, 37)} mid-stream`)}data: ${KEY.slice(0, -1)}`);
      }),
    );
    const text = await (await post(url)).text();
    expect(text).toBe(`${sseChunk('a piece [redacted] mid-stream')}data: [redacted]`);
    expect(leakedPieces(text)).toEqual([]);
  });
});

/** The key as upstreams echo it in other representations: percent-encoded, JSON-escaped, in an `Authorization: Basic` value. */
const ENCODED = {
  percent: [...KEY].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
  json: [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
  basic: Buffer.from(`user:${KEY}`).toString('base64'),
};

/** The key as upstreams that transform it echo it: upper-cased, a piece's UTF-8 bytes in hex, a piece as HTML references. */
const TRANSFORMED = {
  upper: KEY.toUpperCase(),
  hex: Buffer.from(KEY.slice(10, 50)).toString('hex'),
  html: [...KEY.slice(50, 75)]
    .map((char, i) => (i % 2 ? `&#x${char.charCodeAt(0).toString(16)};` : `&#${char.charCodeAt(0)};`))
    .join(''),
};

describe('the model proxy keeps the key from the browser in its other representations', () => {
  /** Every byte the browser can see: status, headers and body. */
  async function visible(response: Response): Promise<string> {
    const headers = [...response.headers.entries()].map(([name, value]) => `${name}: ${value}`).join('\n');
    return `${response.status}\n${headers}\n\n${await response.text()}`;
  }
  async function post(upstreamUrl: string): Promise<Response> {
    const proxy = await serve(toNodeHandler(createModelProxy({ upstream: { baseURL: upstreamUrl, apiKey: KEY } })));
    closers.push(proxy.close);
    return fetch(`${proxy.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }], stream: true }),
    });
  }
  /** Headers an upstream could echo the key in: none of them is passed on, on success or failure. */
  const echoingHeaders = {
    'x-echo-key': ENCODED.percent,
    'www-authenticate': `Basic realm="${ENCODED.basic}"`,
    'set-cookie': `k=${ENCODED.json}`,
    link: `<https://upstream.example/?key=${ENCODED.percent}>`,
  };

  it('in a 401 body and its headers', async () => {
    const message = `bad key ${ENCODED.percent}; echoed Basic ${ENCODED.basic}; escaped ${ENCODED.json}`;
    const response = await post(
      await upstreamAnswering((res) => {
        res.writeHead(401, { 'content-type': 'application/json', ...echoingHeaders });
        res.end(JSON.stringify({ error: { message } }));
      }),
    );
    const seen = await visible(response);
    expect(response.status).toBe(401);
    // The message is cut at 500 characters before it is scrubbed: what is left of the last escape is no piece.
    expect(seen).toContain('bad key [redacted]; echoed Basic dXNlcjp[redacted]M=; escaped [redacted]\\\\u00…"');
    for (const header of Object.keys(echoingHeaders)) expect(seen).not.toContain(`${header}:`);
  });

  it('in an SSE answer cut into 3-character chunks, with its headers', async () => {
    const text = `${sseChunk(`key ${ENCODED.percent} then ${ENCODED.basic}`)}data: ${JSON.stringify({ echo: ENCODED.json })}\n\n`;
    const response = await post(
      await upstreamAnswering((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream', ...echoingHeaders });
        return drip(res, text, 3);
      }),
    );
    const seen = await visible(response);
    expect(seen.split('\n\n').slice(1).join('\n\n')).toBe(
      `${sseChunk('key [redacted] then dXNlcjp[redacted]M=')}data: ${JSON.stringify({ echo: '[redacted]' })}\n\n`,
    );
    for (const header of Object.keys(echoingHeaders)) expect(seen).not.toContain(`${header}:`);
  });

  it('upper-cased, in hex and as HTML character references, in a 401 body and in an SSE answer cut into 4-character chunks', async () => {
    const message = `key ${TRANSFORMED.upper}; hex ${TRANSFORMED.hex}; html ${TRANSFORMED.html}.`;
    const failed = await post(
      await upstreamAnswering((res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message } }));
      }),
    );
    expect(failed.status).toBe(401);
    expect(await failed.json()).toMatchObject({
      error: { message: 'key [redacted]; hex [redacted]; html [redacted].', code: 'upstream_error' },
    });
    const streamed = await post(
      await upstreamAnswering((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return drip(res, `${sseChunk(message)}data: [DONE]\n\n`, 4);
      }),
    );
    expect(await streamed.text()).toBe(
      `${sseChunk('key [redacted]; hex [redacted]; html [redacted].')}data: [DONE]\n\n`,
    );
  });
});

describe('a patch stream from openAIChat({ apiKey }) on the server keeps the key from the browser', () => {
  const answer = defineOutput({ title: ['string', 'title'] });

  async function patchStreamTo(upstreamUrl: string): Promise<string> {
    const server = await serve(
      toNodeHandler(async () =>
        toPatchStream(
          createResponse({
            model: openAIChat({ baseURL: upstreamUrl, apiKey: KEY, model: 'gpt-test' }),
            input: 'hi',
            output: answer,
            format: 'json',
            maxRetries: 0,
          }),
        ),
      ),
    );
    closers.push(server.close);
    return `${server.url}/generate`;
  }

  /** Everything the browser gets: the raw patch stream, the error, the error event and the observations. */
  async function whatTheBrowserSees(url: string) {
    const raw = await (await fetch(url, { method: 'POST', body: '{}' })).text();
    const remote = fromPatchStream({ url, init: { method: 'POST', body: '{}' } });
    const events: ResponseEvent[] = [];
    remote.subscribe((event) => events.push(event));
    const error = (await remote.getData().then(
      () => undefined,
      (rejection: unknown) => rejection,
    )) as Error & Record<string, unknown>;
    const errorEvent = events.find((event) => event.type === 'error');
    const requestFailed = remote.events.find((event) => event.type === 'model.request_failed');
    return { raw, error, errorEvent, requestFailed, observations: remote.events };
  }

  function expectNoPiece(seen: Awaited<ReturnType<typeof whatTheBrowserSees>>): void {
    const { raw, error, errorEvent, requestFailed, observations } = seen;
    expect(errorEvent).toBeDefined();
    expect(requestFailed).toBeDefined();
    const requestError = requestFailed?.type === 'model.request_failed' ? requestFailed.error : undefined;
    const eventError = errorEvent?.type === 'error' ? errorEvent.error : undefined;
    for (const text of [
      raw,
      error.message,
      String(error.stack),
      JSON.stringify(error),
      String(eventError?.message),
      JSON.stringify(eventError),
      String(requestError?.message),
      JSON.stringify(requestError),
      JSON.stringify(observations),
    ]) {
      expect(leakedPieces(text)).toEqual([]);
    }
  }

  it('when the provider echoes the key in an SSE error event', async () => {
    const url = await patchStreamTo(
      await upstreamAnswering((res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        return drip(
          res,
          `${sseChunk('{"title": "')}data: ${JSON.stringify({ error: { message: QUOTED, code: 'invalid_api_key' } })}\n\n`,
        );
      }),
    );
    const seen = await whatTheBrowserSees(url);
    expect(seen.error).toMatchObject({ name: 'ProviderError', providerCode: 'invalid_api_key' });
    expect(seen.error.message).toContain('Incorrect API key provided: [redacted]... (truncated)');
    expectNoPiece(seen);
  });

  it('when the upstream answers 401 with the key in its body', async () => {
    const url = await patchStreamTo(
      await upstreamAnswering((res) => {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: QUOTED } }));
      }),
    );
    const seen = await whatTheBrowserSees(url);
    expect(seen.error).toMatchObject({ name: 'TransportError', status: 401 });
    expectNoPiece(seen);
  });
});
