import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFieldStore } from '@fieldstream/core';
import { fromPatchStream } from '@fieldstream/core/patch-stream';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BehaviourSource } from './behaviour-cases';
import { inPage, overTheWire, workerInThread } from './behaviour-sources';

// No path from model output or the wire writes to a prototype, whichever place the response runs in.

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype];
const before = PROTOTYPES.map((prototype) => Object.getOwnPropertyNames(prototype).sort());

function restorePrototypes(): void {
  PROTOTYPES.forEach((prototype, index) => {
    for (const name of Object.getOwnPropertyNames(prototype))
      if (!before[index]?.includes(name)) delete (prototype as Record<string, unknown>)[name];
  });
}

function expectPrototypesUntouched(): void {
  expect(PROTOTYPES.map((prototype) => Object.getOwnPropertyNames(prototype).sort())).toEqual(before);
  expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
}

afterEach(restorePrototypes);

/** A JSON object as text whose keys include `__proto__`, `constructor` and `prototype` (JSON.parse keeps them as own keys). */
const KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'a'];
const jsonTree: fc.Arbitrary<string> = fc
  .letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom('true', '1', '"x"', 'null'),
      fc
        .array(fc.tuple(fc.constantFrom(...KEYS), tie('node')), { minLength: 1, maxLength: 3 })
        .map((entries) => `{${entries.map(([key, value]) => `"${key}": ${value}`).join(', ')}}`),
      fc.array(tie('node'), { minLength: 1, maxLength: 2 }).map((items) => `[${items.join(', ')}]`),
    ),
  }))
  .node.map((node) => `{"a": ${node}, "__proto__": {"isAdmin": true}}`);

let wire: Awaited<ReturnType<typeof overTheWire>>;
beforeAll(async () => {
  wire = await overTheWire();
});
afterAll(() => wire.close());

const sources: (() => BehaviourSource)[] = [() => inPage, () => wire, () => workerInThread];

describe.each(sources.map((source, index) => [index, source] as const))('prototype keys, source %i', (_, source) => {
  it('model output with prototype keys after a draft block stays own data everywhere', async () => {
    await fc.assert(
      fc.asyncProperty(jsonTree, async (json) => {
        const answer = `Draft: {"x": 1}\nFinal answer: ${json}`;
        const response = source().create({
          answers: [answer],
          output: { type: 'object' },
          format: 'json',
          chunkSize: 7,
        });
        const store = createFieldStore(response);
        const data = await response.getData();
        expectPrototypesUntouched();
        expect(data).toEqual(JSON.parse(json));
        expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
        expect(store.getState().final).toEqual(JSON.parse(json));
        restorePrototypes();
      }),
      { numRuns: 25 },
    );
  });
});

describe('a hostile patch-stream server', () => {
  it('patches and observations naming prototype keys stay own data in the page', async () => {
    const messages = [
      [
        { k: 'a', n: 0, f: 'json' },
        { k: 's', s: 'streaming' },
      ],
      [{ p: 'a.__proto__.isAdmin', v: true }],
      [{ p: '__proto__.x', v: 1 }],
      [{ p: '["__proto__"].y', v: 2 }],
      [{ p: 'constructor.prototype.isAdmin', v: true }],
      [{ k: 'o', o: { type: 'model.done', __proto__: { isAdmin: true } } }],
      [
        { k: 'f', v: { a: 1 } },
        { k: 's', s: 'done' },
      ],
    ].map(
      (batch) =>
        `data: ${JSON.stringify(batch).replace('"type":"model.done"', '"type":"model.done","__proto__":{"isAdmin":true}')}\n\n`,
    );
    const server = createServer((_request, reply) => {
      reply.writeHead(200, { 'content-type': 'text/event-stream' });
      reply.end(`${messages.join('')}event: end\ndata: {}\n\n`);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const response = fromPatchStream({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      const store = createFieldStore(response);
      expect(await response.getData()).toEqual({ a: 1 });
      expectPrototypesUntouched();
      const streamed = store.getState().streamed as Record<string, Record<string, unknown>>;
      expect(Object.hasOwn(streamed.a as object, '__proto__')).toBe(true);
      expect(Object.hasOwn(streamed, '__proto__')).toBe(true);
      const observation = response.events.find((event) => event.type === 'model.done') as object;
      expect(Object.getPrototypeOf(observation)).toBe(Object.prototype);
      expect(Object.hasOwn(observation, '__proto__')).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
