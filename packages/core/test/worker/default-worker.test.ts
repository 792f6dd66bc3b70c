import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkerResponse } from '../../src/worker';
import type { WorkerScope } from '../../src/worker/protocol';
import { serveWorkerResponses } from '../../src/worker/worker-host';

/** A stand-in for the browser's Worker: records how it was made and serves responses behind a MessageChannel. */
class FakeWorker {
  static made: { url: string; options: unknown }[] = [];
  readonly #channel = new MessageChannel();
  constructor(url: URL, options: unknown) {
    FakeWorker.made.push({ url: String(url), options });
    serveWorkerResponses(this.#channel.port2 as WorkerScope);
    this.#channel.port2.start();
    for (const port of [this.#channel.port1, this.#channel.port2]) (port as { unref?: () => void }).unref?.();
  }
  postMessage = (message: unknown, transfer: Transferable[]) => this.#channel.port1.postMessage(message, transfer);
}

describe('createWorkerResponse where Worker exists, with no worker option', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("creates the package's worker script once, as a module worker, and shares it", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const model = { provider: 'scriptedModel' as const, answers: ['{"a": 1}'] };
    const first = createWorkerResponse({ model, input: 'x', format: 'json' });
    const second = createWorkerResponse({ model, input: 'y', format: 'json' });
    expect(await Promise.all([first.getData(), second.getData()])).toEqual([{ a: 1 }, { a: 1 }]);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.url).toMatch(/\/worker-script\.js$/);
    expect(FakeWorker.made[0]?.options).toEqual({ type: 'module' });
  });
});
