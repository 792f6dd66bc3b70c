import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { type LocalServer, startServer, writeEventStream } from './local-server';

let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
});

describe('transport in a worker', () => {
  it('streams SSE from a node:worker_threads Worker, where no window or document exists', async () => {
    server = await startServer((_req, res) => writeEventStream(res, ['data: from\n\n', 'event: x\ndata: worker\n\n']));
    // The worker loads the TypeScript client through tsx, as a plain Node worker would load built JS.
    const client = JSON.stringify(new URL('./worker-client.ts', import.meta.url).href);
    const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${client}, ${client}))`;
    const worker = new Worker(bootstrap, { eval: true, workerData: { url: server.url } });
    const result = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(result).toEqual({
      hasWindow: false,
      hasDocument: false,
      messages: [
        { event: 'message', data: 'from', id: '' },
        { event: 'x', data: 'worker', id: '' },
      ],
      error: '',
    });
    expect(server.requests).toHaveLength(1);
  });
});
