import { describe, expect, it } from 'vitest';
import { createResponse } from '../../src/response/create-response';
import type { ResponseEvent } from '../../src/response/response-events';
import { defineOutput } from '../../src/schema/define-output';
import { createFieldStore } from '../../src/store/field-store';
import { scriptedModel } from '../../src/testing/scripted-model';
import { createWorkerResponse } from '../../src/worker';
import type { WorkerScope, WorkerStart } from '../../src/worker/protocol';
import { serveWorkerResponses } from '../../src/worker/worker-host';
import { byPath } from './patches-by-path';

const output = defineOutput({
  title: ['string', 'The title'],
  tags: [['string']],
  score: ['number'],
});
const answer = '{"title": "Cracked mug", "tags": ["refund", "damaged"], "score": 0.75}';
const scripted = { provider: 'scriptedModel' as const, answers: [answer], chunkSize: 5 };

/** A worker host on this thread behind a MessageChannel (what a Worker is to the page). */
function inThreadWorker(): Worker {
  const { port1, port2 } = new MessageChannel();
  serveWorkerResponses(port2 as WorkerScope);
  port2.start();
  for (const port of [port1, port2]) (port as { unref?: () => void }).unref?.();
  return port1 as unknown as Worker;
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('createWorkerResponse where Worker does not exist (Node): the in-thread fallback', () => {
  it('has no Worker global here, so this suite runs the fallback', () => {
    expect(typeof (globalThis as { Worker?: unknown }).Worker).toBe('undefined');
  });

  it('gives the same patches and data as createResponse on the main thread', async () => {
    const direct = createResponse({ model: scriptedModel(scripted), input: 'x', output, format: 'json' });
    const viaWorker = createWorkerResponse({ model: scripted, input: 'x', output, format: 'json' });
    const [expected, actual] = await Promise.all([collect(direct.instant()), collect(viaWorker.instant())]);
    expect(expected.length).toBeGreaterThan(10);
    // Runs of deltas on one path may arrive merged (one batch per frame); each path spells the same.
    expect(byPath(actual)).toEqual(byPath(expected));
    expect(await viaWorker.getData()).toEqual({ title: 'Cracked mug', tags: ['refund', 'damaged'], score: 0.75 });
    expect(viaWorker.status).toBe('done');
  });

  it('feeds createFieldStore like a response: fields, status and final data', async () => {
    const response = createWorkerResponse({ model: scripted, input: 'x', output });
    const store = createFieldStore(response);
    await response.getData();
    expect(store.getField('title').value).toBe('Cracked mug');
    expect(store.getField('tags[1]').value).toBe('damaged');
    expect(store.getState().status).toBe('done');
  });

  it('runs validators on the main thread; a failure makes the worker retry with the correction', async () => {
    const seen: { data: unknown; attempt: number }[] = [];
    const prompts: string[] = [];
    const response = createWorkerResponse({
      model: { provider: 'scriptedModel', answers: ['{"title": "draft", "tags": [], "score": 0}', answer] },
      input: 'x',
      output,
      validate: {
        name: 'has-tags',
        validate: (data, context) => {
          seen.push({ data, attempt: context.attemptIndex });
          prompts.push(context.promptText);
          return (data.tags ?? []).length > 0 ? true : { ok: false, reason: 'give at least one tag' };
        },
      },
    });
    const events: ResponseEvent[] = [];
    response.subscribe((event) => events.push(event));
    expect(await response.getData()).toEqual({ title: 'Cracked mug', tags: ['refund', 'damaged'], score: 0.75 });
    expect(seen.map((call) => call.attempt)).toEqual([0, 1]);
    expect(seen[0]?.data).toEqual({ title: 'draft', tags: [], score: 0 });
    expect(prompts[1]).toContain('give at least one tag');
    expect(events.filter((event) => event.type === 'attempt').map((event) => event.attempt)).toEqual([0, 1]);
    expect(response.events.some((event) => event.type === 'model.validation_failed')).toBe(true);
  });

  it('a validator verdict with error: getData rejects with its message, no retry', async () => {
    const response = createWorkerResponse({
      model: scripted,
      input: 'x',
      output,
      validate: () => ({ ok: false, error: new Error('policy says no') }),
    });
    await expect(response.getData()).rejects.toThrow('policy says no');
    expect(response.attempt).toBe(0);
  });

  it('abort() stops the worker response: status aborted, getData rejects with AbortError', async () => {
    const response = createWorkerResponse({ model: { ...scripted, delayMs: 5 }, input: 'x', output, format: 'json' });
    const first = response.instant()[Symbol.asyncIterator]();
    await first.next();
    response.abort('user left');
    await expect(response.getData()).rejects.toMatchObject({ name: 'AbortError' });
    expect(response.status).toBe('aborted');
  });

  it('a model config the worker cannot build ends the response with a typed error', async () => {
    const response = createWorkerResponse({
      model: { provider: 'nope' } as unknown as typeof scripted,
      input: 'x',
    });
    await expect(response.getData()).rejects.toMatchObject({ code: 'ARGUMENT_INVALID' });
    expect(response.status).toBe('error');
  });
});

describe('createWorkerResponse options checked on the main thread', () => {
  it('throws ArgumentError at once for options that are not an object or a bad frameMs', () => {
    expect(() => createWorkerResponse(null as never)).toThrow(expect.objectContaining({ code: 'ARGUMENT_INVALID' }));
    expect(() => createWorkerResponse({ model: scripted, input: 'x', frameMs: -1, worker: false })).toThrow(
      'worker response options.frameMs must be a number ≥ 0, got the number -1',
    );
  });
});

describe('createWorkerResponse with a worker option', () => {
  it('calls a worker factory once and shares the worker between responses', async () => {
    let made = 0;
    const factory = () => {
      made++;
      return inThreadWorker();
    };
    const a = createWorkerResponse({ model: scripted, input: 'a', output, worker: factory });
    const b = createWorkerResponse({ model: scripted, input: 'b', output, worker: factory });
    const [dataA, dataB] = await Promise.all([a.getData(), b.getData()]);
    expect(dataA).toEqual(dataB);
    expect(made).toBe(1);
  });

  it('sends only plain data across: start carries the model config, the output shape and no functions', async () => {
    const starts: WorkerStart[] = [];
    const inner = inThreadWorker();
    const host = {
      postMessage(message: WorkerStart, transfer: Transferable[]) {
        starts.push(message);
        inner.postMessage(message, transfer);
      },
    };
    const response = createWorkerResponse({
      model: scripted,
      input: { id: 7 },
      output,
      validate: () => true,
      worker: host as unknown as Worker,
    });
    await response.getData();
    expect(starts).toHaveLength(1);
    const [start] = starts;
    expect(start?.t).toBe('start');
    // Plain data only: the options survive structured cloning unchanged.
    expect(structuredClone(start?.options)).toEqual(start?.options);
    expect(start?.options.model).toEqual(scripted);
    expect(start?.options.input).toEqual({ id: 7 });
    expect(start?.options.output?.shape).toEqual(output.shape);
    expect(start?.validators).toBe(true);
    expect(start?.port).toBeInstanceOf(MessagePort);
  });
});
