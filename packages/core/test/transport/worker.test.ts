import { readdirSync, readFileSync } from 'node:fs';
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

describe('no DOM globals in the transport and providers', () => {
  it('no source file of transport/ or providers/ touches window or document', () => {
    const offenders: string[] = [];
    for (const layer of ['transport', 'providers']) {
      const dir = new URL(`../../src/${layer}/`, import.meta.url);
      for (const file of readdirSync(dir, { recursive: true }) as string[]) {
        if (!file.endsWith('.ts') || file.startsWith('output-contract')) continue;
        const code = readFileSync(new URL(file, dir), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        if (/\b(window|document|self)\s*[.[]/.test(code)) offenders.push(`${layer}/${file}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
