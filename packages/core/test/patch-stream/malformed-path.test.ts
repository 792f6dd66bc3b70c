// Security issue 45: a patch at a malformed path from a server put the field store in `error` (it
// cannot apply it) while `getData()` resolved (the reader's mirror passed over it). The reader now
// rejects it: the response fails with one TransportError, which the store shows, and what streamed
// before stays.
import { createFieldStore, createResponse, PathSyntaxError, TransportError } from '@fieldstream/core';
import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import { createWorkerResponse } from '@fieldstream/core/worker';
import { describe, expect, it } from 'vitest';
import type { WorkerHost, WorkerMessage } from '../../src/worker/protocol';

const answer = '{"title": "Fix login", "body": "Reset the token"}';

/** A real patch stream of `answer` (as `toPatchStream` writes it), one SSE message per entry. */
async function recordedMessages(): Promise<string[]> {
  const model = scriptedModel({ answers: [answer], chunkSize: 4 });
  // One message per model chunk (`frameMs: 0`), as a writer sends at a slow model's pace.
  const text = await toPatchStream(createResponse({ model, input: 'x', format: 'json' }), { frameMs: 0 }).text();
  return text.split(/(?<=\n\n)/);
}

/** The recorded stream with one message holding a patch at `path` spliced in before `body` starts. */
async function withPatchAt(path: string): Promise<string> {
  const messages = await recordedMessages();
  const at = messages.findIndex((message) => message.includes('"p":"body"'));
  expect(at).toBeGreaterThan(0);
  messages.splice(at, 0, `data: ${JSON.stringify([{ p: path, d: '1' }])}\n\n`);
  return messages.join('');
}

const serve = (body: string) => async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } });

describe('fromPatchStream: a patch at a malformed path', () => {
  it.each([
    ['x[-1]', 'Invalid path "x[-1]" at 1: "[-1]" is not an index'],
    ['a..b', 'Invalid path "a..b" at 2: "" is not an identifier'],
    ['[', 'Invalid path "[" at 0: unterminated "["'],
    ['a[01]', 'Invalid path "a[01]" at 1: "[01]" is not an index'],
    ['.a', 'Invalid path ".a" at 0: a path cannot start with "."'],
    ['title.', 'Invalid path "title." at 6: "" is not an identifier'],
    ['$foo', 'Invalid path "$foo" at 0: "$foo" is not an identifier'],
    ['items[*]', 'Invalid path "items[*]" at 5: "[*]" is not an index'],
  ])('%s: getData() rejects, the store shows the same error, earlier fields stay', async (path, reason) => {
    const response = fromPatchStream({ url: 'http://x.test/', fetch: serve(await withPatchAt(path)) });
    const store = createFieldStore(response);
    const error = await response.getData().catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({
      code: 'TRANSPORT_FAILED',
      status: 0,
      message: `A patch stream message has a patch at a malformed path: ${reason}`,
    });
    expect((error as TransportError).cause).toBeInstanceOf(PathSyntaxError);
    expect(store.getState()).toMatchObject({ status: 'error', error });
    expect(store.getState().error).toBe(error);
    expect(store.getField('title')).toMatchObject({ value: 'Fix login', isComplete: true });
    expect(store.getField('body').value).toBeUndefined();
  });

  it.each(['__proto__', 'a.constructor', '["__proto__"]', '["*"]', 'note["x y"]'])(
    'a key that only looks odd (%s) is data: getData() and the store agree',
    async (path) => {
      const response = fromPatchStream({ url: 'http://x.test/', fetch: serve(await withPatchAt(path)) });
      const store = createFieldStore(response);
      const data = await response.getData();
      expect(store.getState().status).toBe('done');
      expect(JSON.stringify(store.getState().data)).toBe(JSON.stringify(data));
      expect(({} as Record<string, unknown>).constructor).toBe(Object);
    },
  );
});

describe('createWorkerResponse: a worker batch with a patch at a malformed path', () => {
  it('fails the response with the same TransportError the store shows, and the worker is told to stop', async () => {
    let stopped: (message: unknown) => void = () => undefined;
    const told = new Promise((resolve) => (stopped = resolve));
    const worker: WorkerHost = {
      postMessage({ port }) {
        port.onmessage = ({ data }) => stopped(data);
        const events: WorkerMessage = {
          t: 'events',
          events: [
            { k: 'a', n: 0, f: 'json' },
            { k: 's', s: 'streaming' },
            { p: 'title', d: 'Fix', v: 'Fix' },
            { p: 'x[-1]', d: '1' },
            { k: 'f', r: 1 },
          ],
        };
        port.postMessage(events);
        port.postMessage({ t: 'end' } satisfies WorkerMessage);
      },
    };
    const response = createWorkerResponse({
      model: { provider: 'scriptedModel', answers: [answer] },
      input: 'x',
      // A worker as the page sees one: it takes a start message and talks on the port it carries.
      worker: worker as unknown as Worker,
    });
    const store = createFieldStore(response);
    const error = await response.getData().catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toBe(
      'A patch stream message has a patch at a malformed path: Invalid path "x[-1]" at 1: "[-1]" is not an index',
    );
    expect(store.getState()).toMatchObject({ status: 'error', error });
    expect(store.getField('title').value).toBe('Fix');
    expect(await told).toEqual({ t: 'abort', reason: 'The worker sent a batch the reader rejects' });
  });
});
