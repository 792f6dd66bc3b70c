// @fieldstream/core/worker: transport and incremental parse in a dedicated Worker, read on the main thread.
import { respondThrough, type WorkerPort, type WorkerResponse } from './worker/create-worker-response';
import { inThreadChannel } from './worker/in-thread-port';
import { serveWorkerResponses } from './worker/worker-host';
import type { WorkerResponseOptions } from './worker/worker-options';

export type { WorkerPort, WorkerResponse } from './worker/create-worker-response';
export type { WorkerModelConfig } from './worker/model-config';
export type { MainMessage, WorkerMessage } from './worker/protocol';
export { serveWorkerResponses } from './worker/worker-host';
export type { WorkerResponseOptions } from './worker/worker-options';

let packageWorker: Worker | undefined;
let inThread: WorkerPort | undefined;
const made = new WeakMap<() => Worker, Worker>();

/**
 * A response whose transport, incremental parse and retries run in a Worker; the main thread gets
 * its patches in batches, at most once per frame, and reads it like a `ModelResponse`
 * (`createFieldStore`, `useResponse`, `instant()`, `getData()`, `abort()`). The model is a plain
 * config (`{ provider: 'openai-chat', baseURL, model }`); validators and a Standard Schema's
 * `validate` run on the main thread after each final parse. Where `Worker` does not exist (Node,
 * tests) the same code runs on the main thread.
 */
export function createWorkerResponse<Data = unknown>(options: WorkerResponseOptions<Data>): WorkerResponse<Data> {
  return respondThrough(portFor(options?.worker), options);
}

function portFor(worker: WorkerResponseOptions['worker']): WorkerPort {
  if (worker === false || (worker === undefined && typeof Worker === 'undefined')) return inThreadPort();
  if (typeof worker === 'function') {
    const existing = made.get(worker) ?? worker();
    made.set(worker, existing);
    return existing as WorkerPort;
  }
  if (worker !== undefined) return worker as WorkerPort;
  // Bundlers (Vite, webpack 5, Rollup, esbuild with a plugin) see this pattern and emit the script.
  packageWorker ??= new Worker(new URL('./worker-script.js', import.meta.url), { type: 'module' });
  return packageWorker as WorkerPort;
}

/** One in-thread host for every fallback response. */
function inThreadPort(): WorkerPort {
  if (inThread !== undefined) return inThread;
  const channel = inThreadChannel();
  inThread = channel.main;
  serveWorkerResponses(channel.worker);
  return inThread;
}
