import { checkObject } from '../errors/check-argument';
import { fromWireError } from '../patch-stream/wire-events';
import { WireReader } from '../patch-stream/wire-reader';
import {
  abortReason,
  createResponseCore,
  type ResponseSink,
  type Settlement,
  type StreamedResponse,
} from '../response/response-core';
import type { FieldValidators } from '../response/validation/field-validator';
import type { Validator } from '../response/validation/validator';
import { validatorList } from '../response/validation/validator-list';
import { type OutputDefinition, resolveOutput } from '../schema/define-output';
import type { MainMessage, WorkerHost, WorkerMessage } from './protocol';
import { runMainFieldCheck, runMainValidators } from './validator-bridge';
import { type SerialisedResponseOptions, serialiseOptions, type WorkerResponseOptions } from './worker-options';

/**
 * A response parsed in a Worker, read on the main thread: the same {@link StreamedResponse} as
 * `createResponse` gives. Its final data is the schema's output (transforms and defaults applied here).
 */
export type WorkerResponse<Data = unknown> = StreamedResponse<Data>;

/**
 * The main-thread half of `createWorkerResponse`: a response core whose events come from the
 * worker. Starting it opens a `MessageChannel`, hands one port to the worker with the options, and
 * feeds the worker's batches of wire events to the core. Validators and a Standard Schema's
 * `validate` run here when the worker asks (after each final parse); a failure makes the worker
 * retry with the correction, and the schema's output becomes that attempt's final data.
 */
export function respondThrough<Data>(host: WorkerHost, options: WorkerResponseOptions<Data>): WorkerResponse<Data> {
  checkObject('createWorkerResponse options', options);
  const job: WorkerJob = {
    host,
    options: serialiseOptions(options),
    validators: validatorList(options.validate) as Validator<never>[],
    output: resolveOutput(options.output),
    validateField: options.validateField,
  };
  return createResponseCore<Data>({
    run: (sink) => runInWorker(job, sink),
    signal: options.signal,
    requestedFormat: options.format,
    // Loaded on demand, as createResponse does: this bundle loads other stages on demand anyway.
    settledReads: () => import('../response/settled-reads').then((module) => module.settledReads),
  }).response;
}

type WorkerJob = {
  host: WorkerHost;
  options: SerialisedResponseOptions;
  validators: readonly Validator<never>[];
  output: OutputDefinition | undefined;
  validateField: FieldValidators | undefined;
};

function runInWorker(job: WorkerJob, sink: ResponseSink): Promise<Settlement> {
  const { port1: port, port2 } = new MessageChannel();
  /** Per attempt, the schema's output for the data the worker's final event will carry. */
  const outputs = new Map<number, unknown>();
  const reader = new WireReader(sink, (attempt, data) => (outputs.has(attempt) ? outputs.get(attempt) : data));
  const send = (message: MainMessage) => port.postMessage(message);
  return new Promise<Settlement>((resolve) => {
    const finish = (settlement: Settlement) => {
      port.removeEventListener('message', onMessage);
      sink.signal.removeEventListener('abort', onAbort);
      port.close();
      resolve(settlement);
    };
    const onMessage = ({ data }: MessageEvent<unknown>) => {
      // Only the worker holds the other end of this port; anything malformed is ignored all the same.
      const message = data as WorkerMessage | null;
      if (message === null || typeof message !== 'object') return;
      if (message.t === 'events') {
        if (!Array.isArray(message.events)) return;
        try {
          reader.take(message.events);
        } catch (error) {
          // A batch the reader rejects (a patch at a malformed path) fails the response, as fromPatchStream does.
          send({ t: 'abort', reason: 'The worker sent a batch the reader rejects' });
          finish(reader.fail(error));
        }
        return;
      }
      if (message.t === 'field' && typeof message.call === 'number') {
        const { call, check, value, context } = message;
        void runMainFieldCheck(job.output, job.validateField, String(check), value, context).then((verdict) =>
          send({ t: 'verdict', call, verdict }),
        );
        return;
      }
      if (message.t !== 'validate' && message.t !== 'end') return;
      if (message.t === 'validate' && typeof message.call !== 'number') return;
      else if (message.t === 'validate') {
        const { call, data, context } = message;
        void runMainValidators(job.validators, job.output, data, context).then(({ verdict, output }) => {
          if (verdict.ok === true) outputs.set(context.attemptIndex, output);
          send({ t: 'verdict', call, verdict });
        });
      } else finish(message.error === undefined ? reader.settle() : reader.fail(fromWireError(message.error)));
    };
    const onAbort = () => {
      send({ t: 'abort', reason: abortReason(sink.signal) });
      finish({ kind: 'aborted' });
    };
    port.addEventListener('message', onMessage);
    port.start();
    sink.signal.addEventListener('abort', onAbort, { once: true });
    const validators = job.validators.length > 0 || job.output?.standard !== undefined;
    job.host.postMessage({ t: 'start', options: job.options, validators, port: port2 }, [port2]);
  });
}
