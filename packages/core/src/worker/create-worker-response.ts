import { checkObject } from '../errors/check-argument';
import { fromPatchStream, type PatchStreamResponse } from '../patch-stream/from-patch-stream';
import { fromWireError } from '../patch-stream/wire-events';
import { resolveOutput } from '../schema/define-output';
import type { MainMessage, MessagePortLike, WorkerMessage } from './protocol';
import { runMainValidators, validatorList } from './validator-bridge';
import { serialiseOptions, type WorkerResponseOptions } from './worker-options';

/** The main thread's end of a worker channel. */
export type WorkerPort = MessagePortLike<WorkerMessage, MainMessage>;

/** A response parsed in a Worker, read on the main thread: the read surface of a `ModelResponse`. */
export type WorkerResponse<Data = unknown> = PatchStreamResponse<Data>;

let nextId = 0;
const encoder = new TextEncoder();

/**
 * The main-thread half of `createWorkerResponse`: sends the options to `port`, and reads the
 * batches of patch-stream text it answers with through `fromPatchStream`, so `createFieldStore`
 * and every hook work unchanged. Validators and a Standard Schema's `validate` run here when the
 * worker asks (after each final parse); a failure makes the worker retry with the correction.
 */
export function respondThrough<Data>(port: WorkerPort, options: WorkerResponseOptions<Data>): WorkerResponse<Data> {
  checkObject('createWorkerResponse options', options);
  const serialised = serialiseOptions(options);
  const validators = validatorList(options.validate);
  const output = resolveOutput(options.output);
  const id = nextId++;

  const workerFetch = (_url: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    let sink: ReadableStreamDefaultController<Uint8Array> | undefined;
    let open = true;
    const stop = () => {
      open = false;
      port.removeEventListener('message', onMessage);
    };
    const onMessage = ({ data: message }: { data: WorkerMessage }) => {
      if (message.id !== id || !open) return;
      if (message.t === 'chunk') sink?.enqueue(encoder.encode(message.text));
      else if (message.t === 'validate') {
        void runMainValidators(validators as never[], output, message.data, message.context).then((verdict) =>
          port.postMessage({ t: 'verdict', id, call: message.call, verdict }),
        );
      } else {
        stop();
        if (message.error === undefined) sink?.close();
        else sink?.error(fromWireError(message.error));
      }
    };
    const abort = () => {
      if (!open) return;
      stop();
      port.postMessage({ t: 'abort', id, reason: reasonText(init?.signal?.reason) });
    };
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        sink = controller;
      },
      cancel: abort,
    });
    port.addEventListener('message', onMessage);
    init?.signal?.addEventListener('abort', abort, { once: true });
    port.postMessage({
      t: 'start',
      id,
      options: serialised,
      validators: validators.length > 0 || output?.standard !== undefined,
    });
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
  };

  return fromPatchStream<Data>({ url: 'fieldstream-worker:response', fetch: workerFetch, signal: options.signal });
}

function reasonText(reason: unknown): string | undefined {
  if (reason instanceof Error) return reason.message;
  return typeof reason === 'string' ? reason : undefined;
}
