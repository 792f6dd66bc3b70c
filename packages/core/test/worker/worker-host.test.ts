import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PatchDecoder } from '../../src/patch-stream/patch-codec';
import { DEFAULT_FRAME_MS } from '../../src/patch-stream/wire-batches';
import { createResponse } from '../../src/response/create-response';
import type { ResponseEvent } from '../../src/response/response-events';
import { defineOutput } from '../../src/schema/define-output';
import { scriptedModel } from '../../src/testing/scripted-model';
import type { MainMessage, WorkerMessage, WorkerScope, WorkerStart } from '../../src/worker/protocol';
import { serveWorkerResponses } from '../../src/worker/worker-host';
import { serialiseOptions } from '../../src/worker/worker-options';
import { byPath } from './patches-by-path';

const output = defineOutput({ title: ['string'], tags: [['string']] });
const answer = '{"title": "A slow, steady answer", "tags": ["one", "two", "three", "four"]}';
const model = { provider: 'scriptedModel' as const, answers: [answer], chunkSize: 1, delayMs: 4 };

/** A response's port that records what the worker sends on it, and a way to send it messages. */
function recordingPort() {
  const sent: { at: number; message: WorkerMessage }[] = [];
  let deliver: (event: { data: MainMessage }) => void = () => undefined;
  let closed = false;
  const port = {
    postMessage: (message: WorkerMessage) => sent.push({ at: Date.now(), message }),
    addEventListener: (_type: 'message', listener: (event: { data: MainMessage }) => void) => {
      deliver = listener;
    },
    removeEventListener: () => undefined,
    start: () => undefined,
    close: () => {
      closed = true;
    },
  };
  return { sent, send: (message: MainMessage) => deliver({ data: message }), port, closed: () => closed };
}

/** Serves responses on a scope and starts one on `port`. */
function startOn(port: object, options: WorkerStart['options']): void {
  let start: (event: MessageEvent) => void = () => undefined;
  const scope: WorkerScope = {
    addEventListener: (_type, listener) => {
      start = listener;
    },
    removeEventListener: () => undefined,
  };
  serveWorkerResponses(scope);
  start({ data: { t: 'start', options, validators: false, port } } as MessageEvent);
}

/** The response events the worker's batches spell. */
function decodeBatches(sent: readonly { message: WorkerMessage }[]): ResponseEvent[] {
  const decoder = new PatchDecoder();
  const events: ResponseEvent[] = [];
  for (const { message } of sent) {
    if (message.t !== 'events') continue;
    for (const wire of message.events) {
      // The meta that ends the events is no event of its own (the reader turns it into getMeta()'s facts).
      if (wire.k === 'm') continue;
      const decoded = decoder.decode(wire);
      if ('event' in decoded) events.push(decoded.event);
    }
  }
  return events;
}

describe('serveWorkerResponses (the worker side of the protocol)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the patch stream in batches at most once per frame, then close; the batches spell the response', async () => {
    const { sent, port, closed } = recordingPort();
    startOn(port, serialiseOptions({ model, input: 'x', output, format: 'json' }));
    // The field checks load on demand (real time, not the fake timers').
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(answer.length * 5 + 200);
    // The meta sent before the end is derived by code loaded on demand too.
    await vi.dynamicImportSettled();

    const chunks = sent.filter((entry) => entry.message.t === 'events');
    expect(chunks.length).toBeGreaterThan(2);
    expect(sent.at(-1)?.message).toEqual({ t: 'end' });
    expect(closed()).toBe(true);
    // Every batch but the last (flushed when the stream ended) waited a whole frame.
    for (let index = 1; index < chunks.length - 1; index++)
      expect((chunks[index]?.at ?? 0) - (chunks[index - 1]?.at ?? 0)).toBeGreaterThanOrEqual(DEFAULT_FRAME_MS);

    const streamed = decodeBatches(sent);
    const direct = createResponse({ model: scriptedModel(model), input: 'x', output, format: 'json' });
    const expected: ResponseEvent[] = [];
    direct.subscribe((event) => expected.push(event));
    const settled = direct.getData();
    await vi.advanceTimersByTimeAsync(answer.length * 5 + 200);
    await settled;
    const patches = (events: ResponseEvent[]) =>
      events.flatMap((event) => (event.type === 'patch' ? [event.data] : []));
    // Deltas of one path within a frame arrive merged; each path spells the same text and value.
    expect(patches(streamed).length).toBeLessThan(patches(expected).length);
    expect(byPath(patches(streamed))).toEqual(byPath(patches(expected)));
    expect(streamed.find((event) => event.type === 'final')).toEqual({
      type: 'final',
      attempt: 0,
      data: { title: 'A slow, steady answer', tags: ['one', 'two', 'three', 'four'] },
    });
  });

  it('abort aborts the running response; a verdict for an unknown call is ignored', async () => {
    const { sent, send, port } = recordingPort();
    startOn(port, serialiseOptions({ model, input: 'x', output, format: 'json' }));
    await vi.dynamicImportSettled();
    await vi.advanceTimersByTimeAsync(20);
    send({ t: 'verdict', call: 99, verdict: { ok: true } });
    send({ t: 'abort', reason: 'stop' });
    await vi.advanceTimersByTimeAsync(50);
    const events = decodeBatches(sent);
    expect(
      events.filter((event) => event.type === 'status').map((event) => event.type === 'status' && event.status),
    ).toEqual(['streaming', 'aborted']);
    expect(events.some((event) => event.type === 'final')).toBe(false);
    expect(sent.at(-1)?.message).toEqual({ t: 'end' });
  });

  it('a start it cannot run answers end with the typed error, and closes the port', () => {
    const { sent, port, closed } = recordingPort();
    startOn(port, serialiseOptions({ model: { provider: 'scriptedModel', answers: [] }, input: 'x' }));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message).toMatchObject({
      t: 'end',
      error: { name: 'ArgumentError', code: 'ARGUMENT_INVALID' },
    });
    expect(closed()).toBe(true);
  });
});
