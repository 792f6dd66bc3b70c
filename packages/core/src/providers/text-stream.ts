import { FieldstreamError } from '../errors/errors';
import { abortable, throwIfAborted } from '../transport/abort';
import { asStreamError } from '../transport/parse-sse';
import { type ChunkSource, readChunks } from '../transport/read-chunks';
import { checkTextStreamSource } from './check-provider-options';
import type { Model, ModelRequest } from './model';
import type { ProviderDescriptor } from './provider-descriptor';

/** {@link textStream}: raw text you already stream; nothing is sent, so nothing is asked natively. */
export const textStreamProvider: ProviderDescriptor<'textStream'> = {
  name: 'textStream',
  capabilities: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: false },
};

/** Raw answer text as bytes (UTF-8) or strings. */
export type TextSource = ChunkSource<Uint8Array | string>;

/** A text source, or a function that opens a fresh one for each attempt (needed for retries). */
export type TextStreamSource =
  | TextSource
  | ((request: ModelRequest, options: { signal: AbortSignal }) => TextSource | Promise<TextSource>);

/**
 * A model over raw answer text you already have as a stream: a `fetch` body, a WebSocket bridge,
 * an `AsyncIterable<string>`. Every chunk becomes a `text` event (bytes are decoded as streaming
 * UTF-8; a surrogate pair split across string chunks is held back until whole). A single stream
 * can be read once: pass a function to serve retries. A failing source throws `TransportError`
 * status 0; aborting throws `AbortError` and cancels the source.
 */
export function textStream(source: TextStreamSource): Model {
  checkTextStreamSource(source);
  let consumed = false;
  return async function* textStreamModel(request, { signal }) {
    throwIfAborted(signal);
    let stream: TextSource;
    if (typeof source === 'function') stream = await abortable(Promise.resolve(source(request, { signal })), signal);
    else {
      if (consumed) {
        throw new FieldstreamError(
          'SOURCE_CONSUMED',
          'textStream: this stream was already read by an earlier attempt; pass a function that opens a new one',
          { attempt: request.attempt },
        );
      }
      consumed = true;
      stream = source;
    }
    const decoder = new TextDecoder();
    let heldHighSurrogate = '';
    try {
      for await (const chunk of readChunks(stream, signal)) {
        let text = heldHighSurrogate + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
        heldHighSurrogate = '';
        const last = text.charCodeAt(text.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) {
          heldHighSurrogate = text.slice(-1);
          text = text.slice(0, -1);
        }
        if (text !== '') yield { type: 'text', delta: text };
      }
    } catch (error) {
      throw asStreamError(error);
    }
    const tail = heldHighSurrogate + decoder.decode();
    if (tail !== '') yield { type: 'text', delta: tail };
  };
}
