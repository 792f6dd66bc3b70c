import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createResponse, type ModelResponse } from '@fieldstream/core';
import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import { scriptedModel } from '@fieldstream/core/testing';
import { createWorkerResponse } from '@fieldstream/core/worker';
import { type BehaviourSource, type BehaviourSpec, responseOptions, scriptedConfig } from './behaviour-cases';

/** In the page: the model and the parser here. */
export const inPage: BehaviourSource = {
  name: 'in the page (createResponse)',
  create: (spec) => createResponse<unknown>({ model: scriptedModel(scriptedConfig(spec)), ...responseOptions(spec) }),
};

/** In a Worker's code, on this thread (behind a real MessageChannel). */
export const workerInThread: BehaviourSource = {
  name: 'in a worker, in-thread (createWorkerResponse)',
  create: (spec) =>
    createWorkerResponse({
      model: { provider: 'scriptedModel', ...scriptedConfig(spec) },
      ...responseOptions(spec),
      worker: false,
    }),
};

/**
 * Over the wire: a real local HTTP server runs `createResponse` and answers with `toPatchStream`;
 * the response here is `fromPatchStream`. `served` lists the server's responses.
 */
export async function overTheWire(): Promise<BehaviourSource & { served: ModelResponse[]; close(): Promise<void> }> {
  const specs = new Map<string, BehaviourSpec>();
  const served: ModelResponse[] = [];
  const server: Server = createServer((request, reply) => {
    const spec = specs.get(request.url ?? '');
    if (spec === undefined) {
      reply.writeHead(404).end();
      return;
    }
    const response = createResponse<unknown>({ model: scriptedModel(scriptedConfig(spec)), ...responseOptions(spec) });
    served.push(response);
    const answer = toPatchStream(response);
    reply.writeHead(answer.status, Object.fromEntries(answer.headers));
    const body = Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream);
    body.pipe(reply);
    // The client left: cancelling the body aborts the response.
    reply.on('close', () => {
      if (!reply.writableFinished) body.destroy();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    name: 'over the wire (toPatchStream → fromPatchStream, real HTTP)',
    served,
    create(spec) {
      const path = `/answer/${next++}`;
      specs.set(path, spec);
      return fromPatchStream({ url: `${base}${path}`, init: { method: 'POST', body: '{}' } });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
