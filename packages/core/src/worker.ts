// @fieldstream/core/worker: transport and incremental parse in a dedicated Worker, read on the main thread.
import { respondThrough, type WorkerResponse } from './worker/create-worker-response';
import type { WorkerHost, WorkerScope } from './worker/protocol';
import { serveWorkerResponses } from './worker/worker-host';
import type { WorkerResponseOptions } from './worker/worker-options';

export type { WorkerResponse } from './worker/create-worker-response';
export type { WorkerModelConfig, WorkerProvider, WorkerProviderOptions } from './worker/model-config';
export { registerWorkerProvider } from './worker/model-config';
export type { WorkerScope } from './worker/protocol';
export { serveWorkerResponses } from './worker/worker-host';
export type { WorkerResponseOptions } from './worker/worker-options';

let packageWorker: Worker | undefined;
let inThread: WorkerHost | undefined;
const made = new WeakMap<() => Worker, Worker>();

/**
 * A response whose transport, incremental parse and retries run in a Worker; the main thread gets
 * its patches in batches, at most once per frame, and reads it like a `ModelResponse`
 * (`createFieldStore`, `useResponse`, `instant()`, `getData()`, `abort()`). The model is a plain
 * config (`{ provider: 'openAIChat', baseURL, model }`); validators and a Standard Schema's
 * `validate` run on the main thread after each final parse. Where `Worker` does not exist (Node,
 * tests) the same code runs on the main thread.
 */
export function createWorkerResponse<Data = unknown>(options: WorkerResponseOptions<Data>): WorkerResponse<Data> {
  return respondThrough(portFor(options?.worker), options);
}

function portFor(worker: WorkerResponseOptions['worker']): WorkerHost {
  if (worker === false || (worker === undefined && typeof Worker === 'undefined')) return inThreadPort();
  if (typeof worker === 'function') {
    const existing = made.get(worker) ?? worker();
    made.set(worker, existing);
    return existing;
  }
  if (worker !== undefined) return worker;
  // Bundlers (Vite, webpack 5, Rollup, esbuild with a plugin) see this pattern and emit the script.
  packageWorker ??= new Worker(new URL('./worker-script.js', import.meta.url), { type: 'module' });
  return packageWorker;
}

/**
 * One in-thread host for every fallback response: the worker's code on this thread, behind a real
 * `MessageChannel`, so the fallback is the same protocol and the same code path as a Worker.
 */
function inThreadPort(): WorkerHost {
  if (inThread !== undefined) return inThread;
  const { port1, port2 } = new MessageChannel();
  serveWorkerResponses(port2 as WorkerScope);
  port2.start();
  // Node: an idle host channel must not keep the process alive (a running response's own port does).
  for (const port of [port1, port2]) (port as { unref?: () => void }).unref?.();
  inThread = port1;
  return inThread;
}
