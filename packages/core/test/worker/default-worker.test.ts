import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkerResponse } from '../../src/worker';
import { inThreadChannel } from '../../src/worker/in-thread-port';
import { serveWorkerResponses } from '../../src/worker/worker-host';

/** A stand-in for the browser's Worker: records how it was made and serves responses in-thread. */
class FakeWorker {
  static made: { url: string; options: unknown }[] = [];
  readonly #channel = inThreadChannel();
  constructor(url: URL, options: unknown) {
    FakeWorker.made.push({ url: String(url), options });
    serveWorkerResponses(this.#channel.worker);
  }
  postMessage = (message: never) => this.#channel.main.postMessage(message);
  addEventListener = (type: 'message', listener: never) => this.#channel.main.addEventListener(type, listener);
  removeEventListener = (type: 'message', listener: never) => this.#channel.main.removeEventListener(type, listener);
}

describe('createWorkerResponse where Worker exists, with no worker option', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("creates the package's worker script once, as a module worker, and shares it", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const model = { provider: 'scripted' as const, answers: ['{"a": 1}'] };
    const first = createWorkerResponse({ model, input: 'x', format: 'json' });
    const second = createWorkerResponse({ model, input: 'y', format: 'json' });
    expect(await Promise.all([first.getData(), second.getData()])).toEqual([{ a: 1 }, { a: 1 }]);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]?.url).toMatch(/\/worker-script\.js$/);
    expect(FakeWorker.made[0]?.options).toEqual({ type: 'module' });
  });
});
