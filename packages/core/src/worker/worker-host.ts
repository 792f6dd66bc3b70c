import { toPatchStream } from '../patch-stream/to-patch-stream';
import { toWireError } from '../patch-stream/wire-events';
import { createResponse, type ModelResponse } from '../response/create-response';
import { defineOutput } from '../schema/define-output';
import type { SchemaShape } from '../schema/schema-types';
import { FrameBatcher } from './frame-batcher';
import { modelFromConfig } from './model-config';
import type { MainMessage, MessagePortLike, WireVerdict, WorkerMessage } from './protocol';
import { proxyValidator } from './validator-bridge';
import type { SerialisedResponseOptions } from './worker-options';

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
    const batcher = new FrameBatcher((text) => port.postMessage({ t: 'chunk', id, text }), options.frameMs);
    let response: ModelResponse;
    try {
      const { model, output, frameMs: _frameMs, ...rest } = options;
      const ask = (data: unknown, context: Parameters<Parameters<typeof proxyValidator>[0]>[1]) =>
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
    void pipe(id, toPatchStream(response), batcher);
  };

  const pipe = async (id: number, stream: Response, batcher: FrameBatcher) => {
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        batcher.push(decoder.decode(value, { stream: true }));
      }
    } finally {
      batcher.flush();
      running.delete(id);
      port.postMessage({ t: 'close', id });
    }
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
