import { createSecretRedactor } from '@fieldstream/core';

/**
 * Removes a secret from text: every run of 8+ characters that is a piece of it (the whole secret if
 * shorter), whatever surrounds it: an upstream error quoting the key's start before `...`, or its
 * end after `ending in `. The one redactor of the core providers (`createSecretRedactor`).
 */
export function scrubSecret(text: string, secret: string): string {
  return createSecretRedactor(secret).redact(text);
}

/**
 * A byte stream with every piece of `secret` (as {@link scrubSecret}) redacted, also across chunk
 * boundaries: only a tail of at most 7 characters that could still grow into a piece waits for the
 * next chunk, so SSE events are not delayed, and the stream's end redacts what it held. Joined, the
 * output equals `scrubSecret` of the whole text. Pull-based, so backpressure passes through.
 */
export function scrubStream(secret: string): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const redaction = createSecretRedactor(secret).incremental();
  const send = (controller: TransformStreamDefaultController<Uint8Array>, text: string) => {
    if (text !== '') controller.enqueue(encoder.encode(text));
  };
  return new TransformStream({
    transform(chunk, controller) {
      send(controller, redaction.push(decoder.decode(chunk, { stream: true })));
    },
    flush(controller) {
      send(controller, redaction.push(decoder.decode()) + redaction.end());
    },
  });
}
