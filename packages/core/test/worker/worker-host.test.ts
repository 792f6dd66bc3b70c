import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PatchDecoder } from '../../src/patch-stream/patch-codec';
import type { WireEvent } from '../../src/patch-stream/wire-events';
import { scriptedModel } from '../../src/providers/scripted-model';
import { createResponse } from '../../src/response/create-response';
import type { ResponseEvent } from '../../src/response/response-events';
import { defineOutput } from '../../src/schema/define-output';
import { DEFAULT_FRAME_MS } from '../../src/worker/frame-batcher';
import type { MainMessage, WorkerMessage } from '../../src/worker/protocol';
import { serveWorkerResponses } from '../../src/worker/worker-host';
import { serialiseOptions } from '../../src/worker/worker-options';
import { byPath } from './patches-by-path';

const output = defineOutput({ title: ['string'], tags: [['string']] });
const answer = '{"title": "A slow, steady answer", "tags": ["one", "two", "three", "four"]}';
const model = { provider: 'scripted' as const, answers: [answer], chunkSize: 1, delayMs: 4 };

function recordingPort() {
  const sent: { at: number; message: WorkerMessage }[] = [];
  let deliver: (event: { data: MainMessage }) => void = () => undefined;
  return {
    sent,
    send: (message: MainMessage) => deliver({ data: message }),
    port: {
      postMessage: (message: WorkerMessage) => sent.push({ at: Date.now(), message }),
      addEventListener: (_type: 'message', listener: (event: { data: MainMessage }) => void) => {
        deliver = listener;
      },
      removeEventListener: () => undefined,
    },
  };
}

/** The response events a patch-stream text spells. */
function decodeText(text: string): ResponseEvent[] {
  const decoder = new PatchDecoder();
  const events: ResponseEvent[] = [];
  for (const block of text.split('\n\n')) {
    if (!block.startsWith('data: [')) continue;
    for (const wire of JSON.parse(block.slice('data: '.length)) as WireEvent[]) {
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
    const { sent, send, port } = recordingPort();
    serveWorkerResponses(port);
    send({
      t: 'start',
      id: 3,
      options: serialiseOptions({ model, input: 'x', output, format: 'json' }),
      validators: false,
    });
    await vi.advanceTimersByTimeAsync(answer.length * 5 + 200);

    const chunks = sent.filter((entry) => entry.message.t === 'chunk');
    expect(chunks.length).toBeGreaterThan(2);
    expect(sent.at(-1)?.message).toEqual({ t: 'close', id: 3 });
    expect(sent.every((entry) => entry.message.id === 3)).toBe(true);
    // Every batch but the last (flushed when the stream ended) waited a whole frame.
    for (let index = 1; index < chunks.length - 1; index++)
      expect((chunks[index]?.at ?? 0) - (chunks[index - 1]?.at ?? 0)).toBeGreaterThanOrEqual(DEFAULT_FRAME_MS);

    const text = chunks.map((entry) => (entry.message.t === 'chunk' ? entry.message.text : '')).join('');
    const direct = createResponse({ model: scriptedModel(model), input: 'x', output, format: 'json' });
    const expected: ResponseEvent[] = [];
    direct.subscribe((event) => expected.push(event));
    const settled = direct.getData();
    await vi.advanceTimersByTimeAsync(answer.length * 5 + 200);
    await settled;
    const patches = (events: ResponseEvent[]) =>
      events.flatMap((event) => (event.type === 'patch' ? [event.data] : []));
    // Deltas of one path within a frame arrive merged; each path spells the same text and value.
    expect(patches(decodeText(text)).length).toBeLessThan(patches(expected).length);
    expect(byPath(patches(decodeText(text)))).toEqual(byPath(patches(expected)));
    expect(decodeText(text).find((event) => event.type === 'final')).toEqual({
      type: 'final',
      attempt: 0,
      data: { title: 'A slow, steady answer', tags: ['one', 'two', 'three', 'four'] },
    });
  });

  it('abort aborts the running response; a verdict for an unknown call is ignored', async () => {
    const { sent, send, port } = recordingPort();
    serveWorkerResponses(port);
    send({
      t: 'start',
      id: 1,
      options: serialiseOptions({ model, input: 'x', output, format: 'json' }),
      validators: false,
    });
    await vi.advanceTimersByTimeAsync(20);
    send({ t: 'verdict', id: 1, call: 99, verdict: { ok: true } });
    send({ t: 'abort', id: 1, reason: 'stop' });
    await vi.advanceTimersByTimeAsync(50);
    const text = sent.map((entry) => (entry.message.t === 'chunk' ? entry.message.text : '')).join('');
    const events = decodeText(text);
    expect(
      events.filter((event) => event.type === 'status').map((event) => event.type === 'status' && event.status),
    ).toEqual(['streaming', 'aborted']);
    expect(events.some((event) => event.type === 'final')).toBe(false);
    expect(sent.at(-1)?.message).toEqual({ t: 'close', id: 1 });
  });

  it('a start it cannot run answers close with the typed error', () => {
    const { sent, send, port } = recordingPort();
    serveWorkerResponses(port);
    send({
      t: 'start',
      id: 2,
      options: serialiseOptions({ model: { provider: 'scripted', answers: [] }, input: 'x' }),
      validators: false,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.message).toMatchObject({
      t: 'close',
      id: 2,
      error: { name: 'ArgumentError', code: 'ARGUMENT_INVALID' },
    });
  });
});
