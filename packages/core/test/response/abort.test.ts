import { AbortError, createResponse, defineOutput, type Model, type ResponseEvent } from '@fieldstream/core';
import { describe, expect, it, vi } from 'vitest';
import { collect, deferred, scripted } from './model-helpers';

const output = defineOutput({ summary: ['string', 'one line', 'not_null'] });

/** A model that streams `first`, then waits until aborted (as a real HTTP stream would). */
function hangingModel(first: string) {
  const seen: { signal?: AbortSignal; closed: boolean } = { closed: false };
  const model: Model = (_request, { signal }) => {
    seen.signal = signal;
    return (async function* () {
      try {
        yield { type: 'text' as const, delta: first };
        await new Promise<never>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      } finally {
        seen.closed = true;
      }
    })();
  };
  return { model, seen };
}

describe('abort()', () => {
  it('mid-stream: closes the model stream via the signal, rejects consumers with AbortError, emits nothing more', async () => {
    const { model, seen } = hangingModel('{"summary": "par');
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const history: ResponseEvent[] = [];
    response.subscribe((event) => history.push(event));
    const received: unknown[] = [];
    const consumer = (async () => {
      for await (const event of response.instant()) {
        received.push(event);
        if (received.length === 2) response.abort();
      }
    })();
    await expect(consumer).rejects.toBeInstanceOf(AbortError);
    await expect(response.getData()).rejects.toBeInstanceOf(AbortError);
    await expect(response.getData()).rejects.toMatchObject({ name: 'AbortError', code: 'ABORTED' });
    expect(seen.signal?.aborted).toBe(true);
    await vi.waitFor(() => expect(seen.closed).toBe(true));
    expect(response.status).toBe('aborted');
    expect(history.slice(-2)).toEqual([
      { type: 'status', attempt: 0, status: 'aborted' },
      { type: 'aborted', attempt: 0 },
    ]);
    expect(response.events.at(-1)).toEqual({ type: 'model.aborted', attempt: 0 });
    expect((await response.getMeta()).status).toBe('aborted');
  });

  it('drops events a model keeps yielding after the abort', async () => {
    const gate = deferred();
    // This model ignores its signal.
    const model = scripted(['{"summary": "a', { wait: gate.promise }, 'bc"}']);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const history: ResponseEvent[] = [];
    response.subscribe((event) => history.push(event));
    response.start();
    await vi.waitFor(() => expect(history.some((event) => event.type === 'patch')).toBe(true));
    response.abort('user left');
    const count = history.length;
    gate.resolve();
    await expect(response.getData()).rejects.toThrow('user left');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(history).toHaveLength(count);
    expect(history.at(-1)).toEqual({ type: 'aborted', attempt: 0 });
  });

  it('before the start: the model is never called', async () => {
    const model = scripted(['{"summary": "x"}']);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    response.abort();
    await expect(response.getData()).rejects.toBeInstanceOf(AbortError);
    await expect(collect(response.deltas())).rejects.toBeInstanceOf(AbortError);
    expect(model.requests).toHaveLength(0);
  });

  it('follows the caller’s signal, also one aborted already', async () => {
    const controller = new AbortController();
    const { model, seen } = hangingModel('{"summary": "x');
    const response = createResponse({ model, input: 'x', output, format: 'json', signal: controller.signal });
    const data = response.getData();
    await vi.waitFor(() => expect(seen.signal).toBeDefined());
    controller.abort(new Error('navigated away'));
    await expect(data).rejects.toMatchObject({ name: 'AbortError', message: 'navigated away' });
    expect(seen.signal?.aborted).toBe(true);

    const model2 = scripted(['{"summary": "x"}']);
    const early = createResponse({ model: model2, input: 'x', output, format: 'json', signal: AbortSignal.abort() });
    await expect(early.getData()).rejects.toBeInstanceOf(AbortError);
    expect(model2.requests).toHaveLength(0);
  });

  it('during a slow validator: getData rejects at once and no final data is emitted', async () => {
    const validatorGate = deferred<boolean>();
    const model = scripted(['{"summary": "x"}']);
    const response = createResponse({
      model,
      input: 'x',
      output,
      format: 'json',
      validate: () => validatorGate.promise,
    });
    const history: ResponseEvent[] = [];
    response.subscribe((event) => history.push(event));
    const data = response.getData();
    await vi.waitFor(() => expect(response.status).toBe('validating'));
    response.abort();
    await expect(data).rejects.toBeInstanceOf(AbortError);
    validatorGate.resolve(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(history.some((event) => event.type === 'final')).toBe(false);
    expect(response.status).toBe('aborted');
  });

  it('after the response settled: nothing changes', async () => {
    const response = createResponse({ model: scripted(['{"summary": "x"}']), input: 'x', output, format: 'json' });
    expect(await response.getData()).toEqual({ summary: 'x' });
    response.abort();
    expect(response.status).toBe('done');
    expect(await response.getData()).toEqual({ summary: 'x' });
  });
});
