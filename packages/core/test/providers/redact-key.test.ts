// The HTTP providers know their `apiKey`: no error they raise quotes 8+ characters of it (message,
// stack, response body, raw event, cause), so nothing downstream (a response's error event, its
// `model.request_failed` observation, a patch stream, a log) can relay it.
import {
  anthropicMessages,
  createSecretRedactor,
  type Model,
  openAIChat,
  openAIResponses,
  ProviderError,
  TransportError,
} from '@fieldstream/core';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, startServer } from '../transport/local-server';
import { runModel } from './provider-harness';

const KEY = 'sk-ant-api03-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe9Dc8Ba7-Zx6Yw5Vu4Ts3Rq2Po1Nm0Lk9Ji8Hg7Fe6Dc5Ba4_AA';
const QUOTED = `Incorrect API key provided: ${KEY.slice(0, 24)}... (truncated); …ending in ${KEY.slice(-16)}. ${KEY}`;

function leakedPieces(text: string): string[] {
  const pieces = new Set<string>();
  for (let i = 0; i + 8 <= KEY.length; i++) if (text.includes(KEY.slice(i, i + 8))) pieces.add(KEY.slice(i, i + 8));
  return [...pieces];
}

/** Every text an error carries: its fields (enumerable or not), stack, and its causes'. */
function everyText(error: unknown, depth = 0): string {
  if (typeof error !== 'object' || error === null || depth > 4) return String(error);
  const own = Object.getOwnPropertyNames(error).map((name) => {
    const value = (error as Record<string, unknown>)[name];
    return name === 'cause' ? everyText(value, depth + 1) : typeof value === 'string' ? value : JSON.stringify(value);
  });
  return own.join('\n');
}

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function answering(status: number, contentType: string, body: string): Promise<string> {
  server = await startServer((_request, response) => {
    response.writeHead(status, { 'content-type': contentType });
    response.end(body);
  });
  return server.url;
}

const providers: [string, (baseURL: string) => Model, string][] = [
  [
    'openAIChat',
    (baseURL) => openAIChat({ baseURL, apiKey: KEY, model: 'm' }),
    `data: ${JSON.stringify({ error: { message: QUOTED, code: 'invalid_api_key' } })}\n\n`,
  ],
  [
    'openAIResponses',
    (baseURL) => openAIResponses({ baseURL, apiKey: KEY, model: 'm' }),
    `event: error\ndata: ${JSON.stringify({ type: 'error', code: 'invalid_api_key', message: QUOTED })}\n\n`,
  ],
  [
    'anthropicMessages',
    (baseURL) => anthropicMessages({ baseURL, apiKey: KEY, model: 'm' }),
    `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: QUOTED } })}\n\n`,
  ],
];

describe.each(providers)('%s redacts its apiKey from the errors it raises', (_name, make, errorEvent) => {
  it('an error event that echoes the key: a ProviderError with the message and raw event redacted', async () => {
    const { error } = await runModel(make(await answering(200, 'text/event-stream', errorEvent)));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toContain('Incorrect API key provided: [redacted]... (truncated)');
    expect((error as ProviderError).rawText).toContain('[redacted]');
    expect(leakedPieces(everyText(error))).toEqual([]);
  });

  it('a 401 whose body quotes the key: a TransportError with the body redacted', async () => {
    const { error } = await runModel(make(await answering(401, 'application/json', JSON.stringify({ error: QUOTED }))));
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 401, code: 'HTTP_401' });
    expect((error as TransportError).body).toContain('…ending in [redacted].');
    expect(leakedPieces(everyText(error))).toEqual([]);
  });

  it('a 401 whose body quotes the key percent-encoded, JSON-escaped and in base64: all redacted', async () => {
    const percent = [...KEY].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('');
    const escaped = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const basic = Buffer.from(`:${KEY}`).toString('base64');
    const body = `{"url":"/v1?key=${percent}","message":"${escaped}","auth":"Basic ${basic}"}`;
    const { error } = await runModel(make(await answering(401, 'application/json', body)));
    expect((error as TransportError).body).toBe(
      `{"url":"/v1?key=[redacted]","message":"[redacted]","auth":"Basic On[redacted]"}`,
    );
  });

  it('an event that is not JSON and quotes the key: the message and the parser error (its cause) are redacted', async () => {
    const { error } = await runModel(make(await answering(200, 'text/event-stream', `data: ${KEY} oops\n\n`)));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).providerCode).toBe('invalid_event');
    expect(leakedPieces(everyText(error))).toEqual([]);
  });
});

describe('createSecretRedactor', () => {
  it('redact and the incremental form agree; the incremental form holds back only what could still become a piece', () => {
    const redactor = createSecretRedactor(KEY);
    const text = `x ${KEY.slice(3, 40)}-${KEY.slice(50)}.`;
    const scan = redactor.incremental();
    const released = [...text].map((char) => scan.push(char));
    expect(released.join('') + scan.end()).toBe(redactor.redact(text));
    expect(redactor.redact(text)).toBe('x [redacted]-[redacted].');
    const short = redactor.incremental();
    expect(short.push(`hello ${KEY.slice(0, 7)}`)).toBe('hello ');
    expect(short.end()).toBe(KEY.slice(0, 7));
  });
});
