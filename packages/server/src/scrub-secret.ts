const REDACTED = '[redacted]';

/**
 * Removes a secret from text: every whole occurrence, and every run of 8+ key-like characters that
 * is a piece of it (an upstream error quoting part of the key).
 */
export function scrubSecret(text: string, secret: string): string {
  return text
    .split(secret)
    .join(REDACTED)
    .replace(/[A-Za-z0-9_\-.]{8,}/g, (token) => (secret.includes(token) ? REDACTED : token));
}

/**
 * A byte stream with every occurrence of `secret` replaced, also across chunk boundaries: only a
 * tail that could begin the secret waits for the next chunk, so SSE events are not delayed.
 * Pull-based, so backpressure passes through.
 */
export function scrubStream(secret: string): TransformStream<Uint8Array, Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  let pending = '';
  return new TransformStream({
    transform(chunk, controller) {
      pending = (pending + decoder.decode(chunk, { stream: true })).split(secret).join(REDACTED);
      const cut = pending.length - secretPrefixAtEnd(pending, secret);
      if (cut > 0) {
        controller.enqueue(encoder.encode(pending.slice(0, cut)));
        pending = pending.slice(cut);
      }
    },
    flush(controller) {
      pending = (pending + decoder.decode()).split(secret).join(REDACTED);
      if (pending !== '') controller.enqueue(encoder.encode(pending));
    },
  });
}

/** The length of the longest end of `text` that is a start of `secret` (shorter than the secret). */
function secretPrefixAtEnd(text: string, secret: string): number {
  for (let length = Math.min(secret.length - 1, text.length); length > 0; length--) {
    if (secret.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}
