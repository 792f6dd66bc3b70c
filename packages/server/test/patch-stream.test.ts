import {
  createFieldStore,
  createResponse,
  defineOutput,
  type ModelResponse,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import { toNodeHandler } from '@fieldstream/server';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { PatchDecoder, PatchEncoder } from '../../core/src/patch-stream/patch-codec';
import { streamingData } from '../../core/test/store/patches';
import { serve, until } from './support/local-servers';

const ticket = defineOutput({
  title: ['string', 'title', 'not_null'],
  steps: [{ name: ['string', 'step'], minutes: ['integer', 'duration'] }],
  tags: [['string']],
  meta: { owner: ['string'], urgent: ['boolean'] },
});
const good =
  '{"title": "Fix login", "steps": [{"name": "reproduce", "minutes": 15}, {"name": "patch \\"auth\\"", "minutes": 40}], "tags": ["auth", "p1"], "meta": {"owner": "Ada", "urgent": true}}';
const noTitle = good.replace('"Fix login"', '""');

type Scenario = { answers: string[]; maxRetries?: number; delayMs?: number };

function makeResponse({ answers, maxRetries = 2, delayMs = 0 }: Scenario) {
  return createResponse({
    model: scriptedModel({ answers, chunkSize: [1, 7], seed: 3, delayMs }),
    input: 'fix the login',
    output: ticket,
    format: 'json',
    maxRetries,
  });
}

let server: Awaited<ReturnType<typeof serve>> | undefined;
const served: ModelResponse[] = [];

async function serveScenario(scenario: Scenario): Promise<string> {
  server = await serve(
    toNodeHandler(async () => {
      const response = makeResponse(scenario);
      served.push(response as ModelResponse);
      return toPatchStream(response);
    }),
  );
  return `${server.url}/generate`;
}

afterEach(async () => {
  await server?.close();
  server = undefined;
  served.length = 0;
});

/** Per path: the concatenated deltas and the done event (coalescing may merge deltas, never change these). */
function summary(patches: readonly StreamingData[]) {
  const text = new Map<string, string>();
  const done: StreamingData[] = [];
  for (const patch of patches) {
    text.set(patch.path, (text.get(patch.path) ?? '') + patch.delta);
    if (patch.event_type === 'done') done.push(patch);
  }
  return { text: Object.fromEntries(text), done };
}

async function collect(source: { instant(): AsyncGenerator<StreamingData> }): Promise<StreamingData[]> {
  const out: StreamingData[] = [];
  for await (const patch of source.instant()) out.push(patch);
  return out;
}

describe('patch streams over a real local HTTP server', () => {
  it('a field store on fromPatchStream ends exactly like one on the response itself', async () => {
    const url = await serveScenario({ answers: [good] });
    const remote = fromPatchStream<typeof ticket.$data>({ url, init: { method: 'POST', body: '{}' } });
    const remoteStore = createFieldStore(remote);
    const remotePatches = await collect(remote);
    const local = makeResponse({ answers: [good] });
    const localStore = createFieldStore(local);
    const localPatches = await collect(local);
    await local.getData();

    expect(await remote.getData()).toEqual(await local.getData());
    const { data, final, status, attempt, fields } = remoteStore.getState();
    const expected = localStore.getState();
    expect({ data, final, status, attempt }).toEqual({
      data: expected.data,
      final: expected.final,
      status: 'done',
      attempt: 0,
    });
    expect(fields).toEqual(expected.fields);
    expect(summary(remotePatches)).toEqual(summary(localPatches));
    expect(remote.status).toBe('done');
  });

  it('carries attempts, retries, statuses and the observation log (without the prompt)', async () => {
    const url = await serveScenario({ answers: [noTitle, good] });
    const remote = fromPatchStream({ url });
    const seen: ResponseEvent[] = [];
    remote.subscribe((event) => {
      if (event.type !== 'patch') seen.push(event);
    });
    expect(await remote.getData()).toEqual(JSON.parse(good));
    expect(
      seen.map((event) =>
        event.type === 'status' ? `${event.attempt}:${event.status}` : `${event.attempt}:${event.type}`,
      ),
    ).toEqual([
      // The blank title is rejected the moment it closes, on the server: no validation at the end.
      '0:attempt',
      '0:streaming',
      '0:retrying',
      '1:attempt',
      '1:streaming',
      '1:validating',
      '1:final',
      '1:done',
    ]);
    expect(remote.attempt).toBe(1);
    const retrying = remote.events.find((event) => event.type === 'model.retrying');
    expect(retrying).toMatchObject({
      attempt: 1,
      retry_reason: 'field_rejected',
      validation_reason: 'title is blank',
      path: 'title',
    });
    // The wire carries the rejected field's path on the retrying status too.
    expect(seen.find((event) => event.type === 'status' && event.status === 'retrying')).toMatchObject({
      reason: 'field_rejected',
      message: 'title is blank',
      path: 'title',
    });
    const requesting = remote.events.filter((event) => event.type === 'model.requesting');
    expect(requesting.map((event) => event.type === 'model.requesting' && event.prompt)).toEqual(['', '']);
  });

  it('a failure arrives as the typed error, with its code', async () => {
    const url = await serveScenario({ answers: [noTitle], maxRetries: 0 });
    const remote = fromPatchStream({ url });
    const error = await remote.getData().then(
      () => undefined,
      (rejection: unknown) => rejection as { name: string; code: string; message: string },
    );
    expect(error).toMatchObject({ name: 'EnsureError', code: 'ENSURE_FAILED' });
    expect(error?.message).toContain('title is blank');
    expect(remote.status).toBe('error');
  });

  it('abort() closes the connection and the server aborts its response', async () => {
    const url = await serveScenario({ answers: [good], delayMs: 5 });
    const remote = fromPatchStream({ url });
    const iterator = remote.instant();
    await iterator.next();
    remote.abort('user left');
    await expect(remote.getData()).rejects.toMatchObject({ name: 'AbortError' });
    await until(() => served[0]?.status === 'aborted');
    expect(served[0]?.status).toBe('aborted');
    expect(remote.status).toBe('aborted');
  });

  it('a stream cut before its end marker is a TransportError, not a success', async () => {
    server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end('data: [{"k":"a","n":0,"f":"json"},{"k":"s","n":0,"s":"streaming"}]\n\n');
    });
    const remote = fromPatchStream({ url: server.url });
    await expect(remote.getData()).rejects.toMatchObject({
      name: 'TransportError',
      status: 0,
      message: `Connection dropped: the stream from ${server.url} ended before its end marker`,
    });
    expect(remote.status).toBe('error');
  });
});

describe('the patch codec', () => {
  it('decodes exactly the events it encoded, for any answer and chunking', async () => {
    const jsonValue = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), jsonValue),
        fc.integer({ min: 1, max: 9 }),
        async (value, chunk) => {
          const response = createResponse({
            model: scriptedModel({ answers: [JSON.stringify(value)], chunkSize: chunk }),
            input: 'x',
            format: 'json',
            output: defineOutput({ any: ['any'] }),
            raiseEnsureFailure: false,
          });
          const events: ResponseEvent[] = [];
          response.subscribe((event) => events.push(event));
          await response.getData().catch(() => undefined);
          const encoder = new PatchEncoder();
          const decoder = new PatchDecoder();
          const wire = JSON.parse(JSON.stringify(events.map((event) => encoder.encode(event))));
          const decoded = wire
            .map((event: never) => decoder.decode(event))
            .map((result: { event: ResponseEvent }) => result.event);
          expect(decoded).toEqual(events);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the patch codec and strings', () => {
  const patch = (delta: string, value: string, done = false): ResponseEvent => ({
    type: 'patch',
    attempt: 0,
    data: streamingData('note', value, delta, done),
  });
  const roundTrip = (events: ResponseEvent[]) => {
    const encoder = new PatchEncoder();
    const decoder = new PatchDecoder();
    const wire = events.map((event) => encoder.encode(event));
    const values = wire.map((each) => {
      const decoded = decoder.decode(JSON.parse(JSON.stringify(each)) as never) as { event: ResponseEvent };
      return decoded.event.type === 'patch' ? decoded.event.data.value : undefined;
    });
    return { wire, values };
  };

  it('leaves out a growing string, and sends a value whose length is not the last one plus its delta', () => {
    const { wire, values } = roundTrip([
      patch('ab', 'ab'),
      patch('cd', 'abcd'),
      patch('e', 'xyz'),
      patch('', 'xyz', true),
    ]);
    expect(wire).toEqual([{ p: 'note', d: 'ab' }, { d: 'cd' }, { d: 'e', v: 'xyz' }, { e: 1 }]);
    expect(values).toEqual(['ab', 'abcd', 'xyz', 'xyz']);
  });

  it("a source that rewrites a string in place (breaking rule 1) is sent the writer's value at the done", () => {
    // 'abXY' is as long as 'ab' + 'cd': taken as an append without reading it (reading costs the whole string).
    const { wire, values } = roundTrip([
      patch('ab', 'ab'),
      patch('cd', 'abXY'),
      patch('e', 'abXYe'),
      patch('', 'abXYe', true),
    ]);
    expect(values).toEqual(['ab', 'abcd', 'abcde', 'abXYe']);
    expect(wire.at(-1)).toEqual({ e: 1, v: 'abXYe' });
  });

  it('for any string events, the reader holds the writer value at every done, and at every event that kept rule 1', () => {
    // Each step appends (rule 1), rewrites the text in place at the same length, or replaces it.
    const step = fc.oneof(
      fc.record({ kind: fc.constant('append' as const), text: fc.string({ minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('rewrite' as const), text: fc.string({ minLength: 1, maxLength: 4 }) }),
      fc.record({ kind: fc.constant('replace' as const), text: fc.string({ maxLength: 6 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.boolean(), (steps, finalDiffers) => {
        const events: ResponseEvent[] = [];
        const honest: boolean[] = [];
        let value = '';
        let broken = false;
        for (const { kind, text } of steps) {
          const before = value;
          if (kind === 'append') value += text;
          // The same length as an append of `text`, other characters (a source breaking rule 1).
          else if (kind === 'rewrite') value = `${'#'.repeat(before.length)}${text}`;
          else value = text;
          broken ||= kind !== 'append' && value !== before + text;
          events.push(patch(kind === 'replace' ? '' : text, value));
          honest.push(!broken);
        }
        const last = finalDiffers ? `${value}!` : value;
        events.push(patch('', last, true));
        const { values } = roundTrip(events);
        values.forEach((decoded, i) => {
          if (honest[i]) expect(decoded).toBe((events[i] as Extract<ResponseEvent, { type: 'patch' }>).data.value);
        });
        expect(values.at(-1)).toBe(last);
      }),
      { numRuns: 500 },
    );
  });

  it('a done whose value equals what the reader rebuilt sends no value, also for a long field', () => {
    const piece = 'abcdefghij'.repeat(2);
    const events: ResponseEvent[] = [];
    let value = '';
    for (let i = 0; i < 5_000; i++) {
      value += piece;
      events.push(patch(piece, value));
    }
    events.push(patch('', value, true));
    const { wire, values } = roundTrip(events);
    expect(wire.filter((each) => 'v' in each)).toEqual([]);
    expect(values.at(-1)).toBe(value);
    expect(values.at(-1)).toHaveLength(100_000);
  });
});

describe('patch stream entry checks', () => {
  it('bad arguments are ArgumentErrors naming the argument', () => {
    expect(() => fromPatchStream({ url: 42 } as never)).toThrow(
      expect.objectContaining({
        code: 'ARGUMENT_INVALID',
        message: expect.stringContaining('fromPatchStream options.url'),
      }),
    );
    expect(() => toPatchStream({ subscribe() {} } as never)).toThrow(
      expect.objectContaining({
        code: 'ARGUMENT_INVALID',
        message: expect.stringContaining('toPatchStream response.observe'),
      }),
    );
  });

  it('a listener that throws does not stop the stream or the other listeners', async () => {
    const url = await serveScenario({ answers: [good] });
    const remote = fromPatchStream({ url });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args[1]);
    try {
      remote.subscribe(() => {
        throw new Error('boom');
      });
      expect(await remote.getData()).toEqual(JSON.parse(good));
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toEqual(new Error('boom'));
  });
});
