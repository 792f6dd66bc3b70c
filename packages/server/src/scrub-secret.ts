import { createSecretRedactor, type SecretRedactor } from '@fieldstream/core';

/** The redactor of the last secret asked for: a proxy has one key, and building a redactor reads all its forms. */
let last: { secret: string; redactor: SecretRedactor } | undefined;

function redactorFor(secret: string): SecretRedactor {
  if (last?.secret !== secret) last = { secret, redactor: createSecretRedactor(secret) };
  return last.redactor;
}

/**
 * Removes a secret from text: every run of 8+ characters that is a piece of it (the whole secret if
 * shorter), in any letter case, whatever surrounds it: an upstream error quoting the key's start
 * before `...`, or its end after `ending in `; also written with percent, JSON or HTML escapes, as
 * the hex of its bytes, or in base64 (an echoed `Authorization: Basic` value). The one redactor of
 * the core providers (`createSecretRedactor`).
 */
export function scrubSecret(text: string, secret: string): string {
  return redactorFor(secret).redact(text);
}

/**
 * A byte stream with every piece of `secret` (as {@link scrubSecret}) redacted, also across chunk
 * boundaries: only a tail that could still grow into a piece (a few dozen characters, under a
 * thousand for escapes nested on purpose, none after a line break) waits for the next chunk, so
 * SSE events are not delayed, and the stream's end redacts what it held. Joined, the output
 * equals `scrubSecret` of the whole text. Pull-based, so backpressure passes through.
 */
export function scrubStream(secret: string): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const redaction = redactorFor(secret).incremental();
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
