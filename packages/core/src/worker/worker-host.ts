import { followWireBatches } from '../patch-stream/wire-batches';
import { toWireError } from '../patch-stream/wire-events';
import { createResponse, type ModelResponse } from '../response/create-response';
import type { FieldValidationContext } from '../response/validation/field-validator';
import { defineOutput } from '../schema/define-output';
import type { SchemaShape } from '../schema/schema-types';
import { rememberStandardSource } from '../schema/standard-source';
import { modelFromConfig } from './model-config';
import type {
  MainMessage,
  WireValidationContext,
  WireVerdict,
  WorkerMessage,
  WorkerScope,
  WorkerStart,
} from './protocol';
import { proxyFieldValidator, proxyValidator, remoteFieldSchema } from './validator-bridge';

/**
 * Serves `createWorkerResponse` inside a Worker: `serveWorkerResponses(self)`. Each `start`
 * message runs `createResponse` here (transport, incremental parse, retries) and sends its wire
 * events back on the response's own port, in batches, at most one per frame. Formats other than
 * json and text must be registered in this worker (`registerFormat(hybridFormat)`) — the
 * package's own worker script registers every built-in one. Returns a function that stops
 * serving (running responses are aborted).
 */
export function serveWorkerResponses(scope: WorkerScope): () => void {
  const running = new Set<ModelResponse>();
  const onMessage = ({ data: message }: MessageEvent) => {
    // Only a start with a port of its own is heard here; a response's messages travel on that port.
    const start = message as WorkerStart | null | undefined;
    if (start?.t === 'start' && isPort(start.port) && start.options !== null && typeof start.options === 'object')
      serve(start, running);
  };
  scope.addEventListener('message', onMessage);
  return () => {
    scope.removeEventListener('message', onMessage);
    for (const response of running) response.abort('The worker stopped serving');
  };
}

/** One response, on its own port: runs it, streams its wire events, answers abort and verdicts. */
function serve({ options, validators, port }: WorkerStart, running: Set<ModelResponse>): void {
  const send = (message: WorkerMessage) => port.postMessage(message);
  const verdicts = new Map<number, (verdict: WireVerdict) => void>();
  let calls = 0;
  const ask = (data: unknown, context: WireValidationContext) =>
    new Promise<WireVerdict>((resolve) => {
      const call = calls++;
      verdicts.set(call, resolve);
      send({ t: 'validate', call, data, context });
    });
  const askField = (check: string, value: unknown, context: FieldValidationContext) =>
    new Promise<WireVerdict>((resolve) => {
      const call = calls++;
      verdicts.set(call, resolve);
      send({ t: 'field', call, check, value, context });
    });
  let response: ModelResponse;
  try {
    const { model, output, fieldChecks, frameMs: _frameMs, ...rest } = options;
    const definition =
      output === undefined ? undefined : defineOutput(output.shape as SchemaShape, { ensure: output.ensure });
    // A Standard Schema stays on the main thread: each field's rule is asked there (decision 0022).
    if (definition !== undefined && output?.standard === true)
      rememberStandardSource(definition, remoteFieldSchema(askField));
    response = createResponse({
      ...rest,
      model: modelFromConfig(model),
      output: definition,
      validate: validators ? proxyValidator(ask) : undefined,
      validateField: fieldChecks?.length
        ? Object.fromEntries(fieldChecks.map((check) => [check, proxyFieldValidator(check, askField)]))
        : undefined,
    });
  } catch (error) {
    send({ t: 'end', error: toWireError(error) });
    port.close();
    return;
  }
  running.add(response);
  const batches = followWireBatches('serveWorkerResponses', response, { frameMs: options.frameMs });
  port.addEventListener('message', ({ data }: MessageEvent<unknown>) => {
    const message = data as MainMessage | null;
    if (message === null || typeof message !== 'object') return;
    if (message.t === 'abort') response.abort(typeof message.reason === 'string' ? message.reason : undefined);
    else if (message.t === 'verdict') {
      verdicts.get(message.call)?.(message.verdict);
      verdicts.delete(message.call);
    }
  });
  port.start();
  void (async () => {
    for (let events = await batches.next(); events !== undefined; events = await batches.next())
      send({ t: 'events', events });
    running.delete(response);
    send({ t: 'end' });
    port.close();
  })();
}

function isPort(value: unknown): value is MessagePort {
  const port = value as Partial<MessagePort> | null | undefined;
  return typeof port?.postMessage === 'function' && typeof port.addEventListener === 'function';
}
