import { coalesceDeltas, PatchEncoder } from '../patch-stream/patch-codec';
import { END_EVENT, toWireError, type WireEvent } from '../patch-stream/wire-events';
import { createResponse, type ModelResponse } from '../response/create-response';
import { defineOutput } from '../schema/define-output';
import type { SchemaShape } from '../schema/schema-types';
import { FrameBatcher } from './frame-batcher';
import { modelFromConfig } from './model-config';
import type { MainMessage, MessagePortLike, WireValidationContext, WireVerdict, WorkerMessage } from './protocol';
import { proxyValidator } from './validator-bridge';
import type { SerialisedResponseOptions } from './worker-options';

/** The patch stream's closing message. */
const END_TEXT = `event: ${END_EVENT}\ndata: {}\n\n`;

/**
 * Serves `createWorkerResponse` inside a Worker: `serveWorkerResponses(self)`. Each `start`
 * message runs `createResponse` here (transport, incremental parse, retries) and sends its patch
 * stream back in batches, at most one per frame. Formats other than json and text must be
 * registered in this worker (`registerFormat(hybridFormat)`) — the package's own worker script
 * registers every built-in one. Returns a function that stops serving (running responses are aborted).
 */
export function serveWorkerResponses(port: MessagePortLike<MainMessage, WorkerMessage>): () => void {
  const running = new Map<number, ModelResponse>();
  const verdicts = new Map<string, (verdict: WireVerdict) => void>();
  let calls = 0;

  const start = (id: number, options: SerialisedResponseOptions, validators: boolean) => {
    let response: ModelResponse;
    try {
      const { model, output, frameMs: _frameMs, ...rest } = options;
      const ask = (data: unknown, context: WireValidationContext) =>
        new Promise<WireVerdict>((resolve) => {
          const call = calls++;
          verdicts.set(`${id}:${call}`, resolve);
          port.postMessage({ t: 'validate', id, call, data, context });
        });
      response = createResponse({
        ...rest,
        model: modelFromConfig(model),
        output: output === undefined ? undefined : defineOutput(output.shape as SchemaShape, { ensure: output.ensure }),
        validate: validators ? proxyValidator(ask) : undefined,
      });
    } catch (error) {
      port.postMessage({ t: 'close', id, error: toWireError(error) });
      return;
    }
    running.set(id, response);
    stream(id, response, options.frameMs);
  };

  /** The response as patch-stream messages (toPatchStream's encoding), one per frame, deltas merged across the frame. */
  const stream = (id: number, response: ModelResponse, frameMs: number) => {
    const encoder = new PatchEncoder();
    let ending = false;
    const batcher = new FrameBatcher<WireEvent>((events) => {
      const data = `data: ${JSON.stringify(coalesceDeltas(events))}\n\n`;
      port.postMessage({ t: 'chunk', id, text: ending ? data + END_TEXT : data });
      if (ending) ending = false;
    }, frameMs);
    const unsubscribe = response.subscribe((event) => {
      if (event.type !== 'text') batcher.push(encoder.encode(event));
    });
    const unobserve = response.observe((event) => batcher.push(encoder.observation(event)));
    const end = () => {
      unsubscribe();
      unobserve();
      running.delete(id);
      // The last batch carries the end message; with nothing waiting it goes alone.
      ending = true;
      batcher.flush();
      if (ending) port.postMessage({ t: 'chunk', id, text: END_TEXT });
      port.postMessage({ t: 'close', id });
    };
    response.getData().then(end, end);
  };

  const onMessage = ({ data: message }: { data: MainMessage }) => {
    if (message.t === 'start') start(message.id, message.options, message.validators);
    else if (message.t === 'abort') running.get(message.id)?.abort(message.reason);
    else {
      const key = `${message.id}:${message.call}`;
      verdicts.get(key)?.(message.verdict);
      verdicts.delete(key);
    }
  };
  port.addEventListener('message', onMessage);
  return () => {
    port.removeEventListener('message', onMessage);
    for (const response of running.values()) response.abort('The worker stopped serving');
  };
}
