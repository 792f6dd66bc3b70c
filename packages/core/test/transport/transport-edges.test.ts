import { AbortError, fetchEventStream, ProviderError, type SSEMessage, TransportError } from '@fieldstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEventJSON } from '../../src/providers/json-fields';
import { abortable, sleep } from '../../src/transport/abort';
import { collect, collectUntilError } from './local-server';

// Edges the byte cuts of issue 11.6 touched (abort helpers, the open/retry loop, the error body,
// the end marker, provider JSON events). They pass on the code before the cuts too.

afterEach(() => {
  vi.useRealTimers();
});

const sse = (text: string, headers: Record<string, string> = {}) =>
  new Response(text, { headers: { 'content-type': 'text/event-stream', ...headers } });

describe('abortable and sleep', () => {
  it('an already-aborted signal rejects with AbortError carrying the reason; sleep sets no timer', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    controller.abort('stop');
    const never = new Promise<never>(() => {});
    await expect(abortable(never, controller.signal)).rejects.toMatchObject({ name: 'AbortError', cause: 'stop' });
    await expect(sleep(1000, controller.signal)).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('abortable settles like its promise, and a rejection after an abort is an AbortError', async () => {
    expect(await abortable(Promise.resolve(1), new AbortController().signal)).toBe(1);
    await expect(abortable(Promise.reject(new Error('boom')), new AbortController().signal)).rejects.toThrow('boom');
    const controller = new AbortController();
    let fail: (error: Error) => void = () => {};
    const pending = abortable(new Promise<never>((_resolve, reject) => (fail = reject)), controller.signal);
    controller.abort();
    fail(new Error('late'));
    await expect(pending).rejects.toBeInstanceOf(AbortError);
  });

  it('sleep resolves after its time, and an abort while waiting clears the timer', async () => {
    vi.useFakeTimers();
    let slept = false;
    void sleep(100, undefined).then(() => (slept = true));
    await vi.advanceTimersByTimeAsync(99);
    expect(slept).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(slept).toBe(true);
    const controller = new AbortController();
    const waiting = sleep(1000, controller.signal);
    expect(vi.getTimerCount()).toBe(1);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('fetchEventStream edges', () => {
  it('a wrong content type keeps no retryAfter on the error, but its Retry-After still sets the wait', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () =>
      fetch.mock.calls.length === 1
        ? new Response('<html>', { headers: { 'content-type': 'text/html', 'retry-after': '2' } })
        : sse('data: ok\n\n'),
    );
    const errors: TransportError[] = [];
    const retry = { attempts: 1, delayMs: 0, shouldRetry: (error: TransportError) => errors.push(error) > 0 };
    const done = collect(fetchEventStream('http://x.test/', { fetch, retry }));
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toEqual([{ event: 'message', data: 'ok', id: '' }]);
    expect(errors[0]).toMatchObject({ status: 200, body: '<html>', retryAfter: undefined });
    expect(errors[0]?.message).toBe('Expected text/event-stream from http://x.test/, got text/html');
  });

  it('an HTTP error keeps its Retry-After and no content type is named as such', async () => {
    const http = await collectUntilError(
      fetchEventStream('http://x.test/', {
        fetch: async () => new Response('busy', { status: 503, statusText: 'Busy', headers: { 'retry-after': '7' } }),
      }),
    );
    expect(http.error).toMatchObject({ status: 503, body: 'busy', retryAfter: '7', url: 'http://x.test/' });
    expect((http.error as Error).message).toBe('HTTP 503 Busy from http://x.test/');
    const bare = await collectUntilError(
      fetchEventStream('http://x.test/', { fetch: async () => new Response(null, { status: 200 }) }),
    );
    expect((bare.error as Error).message).toBe('Expected text/event-stream from http://x.test/, got no content type');
  });

  it('an error body that breaks off while being read is kept as far as it came', async () => {
    const body = breaking('partial ', 'reset');
    const { error } = await collectUntilError(
      fetchEventStream('http://x.test/', { fetch: async () => new Response(body, { status: 500 }) }),
    );
    expect(error).toMatchObject({ status: 500, body: 'partial ' });
  });

  it('a body that breaks mid-stream names the URL and keeps the cause', async () => {
    const body = breaking('data: a\n\n', 'reset');
    const { items, error } = await collectUntilError(
      fetchEventStream('http://x.test/', { fetch: async () => withBody(body) }),
    );
    expect(items).toEqual([{ event: 'message', data: 'a', id: '' }]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ status: 0, url: 'http://x.test/', cause: { message: 'reset' } });
    expect((error as Error).message).toBe(
      'Connection dropped mid-stream (http://x.test/): The event stream broke off: reset',
    );
  });

  it('a stream that closes after its end marker is read to its end, never cancelled (no ERR_ABORTED)', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: a\n\ndata: [DONE]\n\n'));
        // The server's last bytes and its close come a moment after the end marker.
        setTimeout(() => {
          controller.enqueue(new TextEncoder().encode(': bye\n\n'));
          controller.close();
        }, 5);
      },
      cancel() {
        cancelled = true;
      },
    });
    const messages: SSEMessage[] = [];
    // The consumer stops at the end marker, as fromPatchStream and the providers do.
    for await (const message of fetchEventStream('http://x.test/', {
      fetch: async () => withBody(body),
      isEndMessage: (end) => end.data === '[DONE]',
    })) {
      messages.push(message);
      if (message.data === '[DONE]') break;
    }
    expect(messages.map((message) => message.data)).toEqual(['a', '[DONE]']);
    expect(cancelled).toBe(false);
  });

  it('an isEndMessage that throws ends the stream with its error and releases the body', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: a\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const boom = new Error('bad end check');
    const { items, error } = await collectUntilError(
      fetchEventStream('http://x.test/', {
        fetch: async () => withBody(body),
        isEndMessage: (_message: SSEMessage) => {
          throw boom;
        },
      }),
    );
    expect(items).toEqual([{ event: 'message', data: 'a', id: '' }]);
    expect(error).toBe(boom);
    expect(cancelled).toBe(true);
  });

  it('an end marker never sent, once aborted, is an AbortError', async () => {
    const controller = new AbortController();
    const { error } = await collectUntilError(
      fetchEventStream('http://x.test/', {
        signal: controller.signal,
        fetch: async () => sse('data: a\n\n'),
        isEndMessage: () => {
          controller.abort();
          return false;
        },
      }),
    );
    expect(error).toBeInstanceOf(AbortError);
  });
});

/** A body that sends `text`, then fails with `reason` on the next read. */
function breaking(text: string, reason: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent) controller.error(new Error(reason));
      else controller.enqueue(new TextEncoder().encode(text));
      sent = true;
    },
  });
}

function withBody(body: ReadableStream<Uint8Array>): Response {
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

describe('provider JSON events', () => {
  it('text that is not JSON, and JSON that is not an object, are invalid_event ProviderErrors with the raw data', () => {
    const notJson = (() => {
      try {
        parseEventJSON('openAIChat', '<html>');
      } catch (error) {
        return error;
      }
    })();
    expect(notJson).toBeInstanceOf(ProviderError);
    expect(notJson).toMatchObject({ providerCode: 'invalid_event', rawText: '<html>' });
    expect((notJson as Error).message).toBe('openAIChat: an event is not JSON: <html>');
    expect((notJson as Error).cause).toBeInstanceOf(SyntaxError);
    const notObject = (() => {
      try {
        parseEventJSON('openAIChat', '[1]');
      } catch (error) {
        return error;
      }
    })();
    expect(notObject).toMatchObject({ providerCode: 'invalid_event', rawText: '[1]' });
    expect((notObject as Error).message).toBe('openAIChat: an event is not a JSON object: [1]');
    expect('cause' in (notObject as Error)).toBe(false);
  });
});
