// Serves provider fixtures from a real local HTTP server and runs a model against them.
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import {
  anthropicMessages,
  type Model,
  type ModelEvent,
  type ModelRequest,
  openAIChat,
  openAIResponses,
} from '@fieldstream/core';
import { type LocalServer, type SeenRequest, startServer } from '../transport/local-server';

export function readFixture(name: string): string {
  return readFileSync(new URL(`../fixtures/providers/${name}`, import.meta.url), 'utf8');
}

/** The `data:` payloads of a fixture, in order (for exact rawText assertions). */
export function fixtureData(name: string): string[] {
  return [...readFixture(name).matchAll(/^data: (.*)$/gm)].map((match) => match[1] as string);
}

/** Splits bytes at seeded random points (1–40 bytes), so multibyte characters get cut too. */
export function seededSplit(bytes: Uint8Array, seed: number): Uint8Array[] {
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; ) {
    const size = 1 + Math.floor(random() * 40);
    chunks.push(bytes.subarray(start, start + size));
    start += size;
  }
  return chunks;
}

export type FixtureServerOptions = {
  seed?: number;
  /** Cut the body to this many characters of the fixture, then end cleanly. */
  truncateAt?: number;
  /** After the body, destroy the socket instead of ending the response. */
  drop?: boolean;
  /** Keep the response open after the body. */
  hold?: boolean;
};

/** A server that answers every request with the fixture as a text/event-stream in random chunks. */
export function serveFixture(name: string, options: FixtureServerOptions = {}): Promise<LocalServer> {
  const text = readFixture(name).slice(0, options.truncateAt);
  return startServer(async (_request: SeenRequest, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    for (const chunk of seededSplit(new TextEncoder().encode(text), options.seed ?? 7)) {
      if (response.destroyed) return;
      response.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (options.drop) response.socket?.destroy();
    else if (!options.hold) response.end();
  });
}

export const baseRequest: ModelRequest = {
  prompt: 'Summarise the incident.',
  messages: [
    { role: 'system', content: 'Answer in JSON.' },
    { role: 'user', content: 'Summarise the incident.' },
  ],
  format: 'json',
  attempt: 0,
  settings: { temperature: 0 },
};

/** Runs a model to the end (or its error); returns the events and the error. */
export async function runModel(
  model: Model,
  request: Partial<ModelRequest> = {},
  signal: AbortSignal = new AbortController().signal,
): Promise<{ events: ModelEvent[]; error: unknown }> {
  const events: ModelEvent[] = [];
  try {
    for await (const event of model({ ...baseRequest, ...request }, { signal })) events.push(event);
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

/** The concatenated deltas of one event type. */
export function joined(events: readonly ModelEvent[], type: 'text' | 'reasoning'): string {
  return events.map((event) => (event.type === type ? event.delta : '')).join('');
}

export const ANSWER_PARTS = [
  '{"status',
  '_summary": "Disk ',
  'full on db-1 — ',
  'writes 😀 paused",',
  ' "risk_flags": ["data loss"]}',
];
export const ANSWER = ANSWER_PARTS.join('');

/** `chat`: `data:` lines and `[DONE]`; `typed`: `event: <type>` + `data:` (Anthropic, OpenAI Responses). */
export type Dialect = 'chat' | 'typed';

export function recordedBody(name: string, dialect: Dialect): string {
  const text = readFileSync(new URL(`../fixtures/providers/recorded/${name}`, import.meta.url), 'utf8');
  const events = text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) =>
      dialect === 'typed'
        ? `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`
        : `data: ${line}\n\n`,
    );
  return events.join('') + (dialect === 'chat' ? 'data: [DONE]\n\n' : '');
}

export function serveRecorded(name: string, dialect: Dialect, seed: number): Promise<LocalServer> {
  const body = new TextEncoder().encode(recordedBody(name, dialect));
  return startServer(async (_request: SeenRequest, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    for (const chunk of seededSplit(body, seed)) {
      response.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
    }
    response.end();
  });
}

/** A provider adapter built on a given `fetch` (a stub serving a fixture, or recording the body). */
export type FetchProvider = (fetchImpl: typeof globalThis.fetch) => Model;
const FIXTURE_BASE = { baseURL: 'http://fixture.test', model: 'm' };
export const chatOn: FetchProvider = (fetch) => openAIChat({ ...FIXTURE_BASE, fetch });
export const responsesOn: FetchProvider = (fetch) => openAIResponses({ ...FIXTURE_BASE, fetch });
export const anthropicOn: FetchProvider = (fetch) => anthropicMessages({ ...FIXTURE_BASE, fetch });
