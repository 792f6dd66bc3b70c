import { afterEach, describe, expect, it, vi } from 'vitest';
import { inThreadChannel } from '../../src/worker/in-thread-port';
import type { WorkerMessage } from '../../src/worker/protocol';

/** Timers run only when the test says, latest first: the worst order a browser's clamping can give. */
function latestFirstTimers(): () => void {
  const timers: (() => void)[] = [];
  vi.stubGlobal('setTimeout', (callback: () => void) => {
    timers.push(callback);
    return timers.length;
  });
  return () => {
    while (timers.length > 0) timers.pop()?.();
  };
}

const chunk = (id: number, text: string): WorkerMessage => ({ t: 'chunk', id, text });

describe('inThreadChannel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('delivers in a later task, in the order sent, whatever order the timers fire in', () => {
    const runTimers = latestFirstTimers();
    const { main, worker } = inThreadChannel();
    const received: WorkerMessage[] = [];
    main.addEventListener('message', ({ data }) => received.push(data));
    worker.postMessage(chunk(1, 'a'));
    worker.postMessage(chunk(1, 'b'));
    worker.postMessage({ t: 'close', id: 1 });
    expect(received).toEqual([]);
    // One timer per message would deliver close, b, a here: the patches after the close were lost.
    runTimers();
    expect(received).toEqual([chunk(1, 'a'), chunk(1, 'b'), { t: 'close', id: 1 }]);
  });

  it('a message sent while the queue is delivered follows the ones already queued', () => {
    const runTimers = latestFirstTimers();
    const { main, worker } = inThreadChannel();
    const received: WorkerMessage[] = [];
    main.addEventListener('message', ({ data }) => {
      received.push(data);
      if (data.t === 'chunk' && data.text === 'a') worker.postMessage(chunk(1, 'late'));
    });
    worker.postMessage(chunk(1, 'a'));
    worker.postMessage(chunk(1, 'b'));
    runTimers();
    expect(received.map((message) => (message.t === 'chunk' ? message.text : message.t))).toEqual(['a', 'b', 'late']);
  });

  it('keeps what arrives before anyone listens, and hands it over in order to the first listener', () => {
    const runTimers = latestFirstTimers();
    const { main, worker } = inThreadChannel();
    worker.postMessage(chunk(2, 'x'));
    worker.postMessage(chunk(2, 'y'));
    runTimers();
    const received: WorkerMessage[] = [];
    main.addEventListener('message', ({ data }) => received.push(data));
    expect(received).toEqual([chunk(2, 'x'), chunk(2, 'y')]);
  });
});
