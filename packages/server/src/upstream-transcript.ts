/**
 * An upstream's answer as the proxy passed it on (`ModelProxyOptions.onTranscript`): for turning a
 * real provider's answer into a test fixture in development. Only the body, after the key was
 * scrubbed from it: no request (its prompt), no header, no cookie.
 */
export type UpstreamTranscript = {
  /** The upstream's HTTP status (2xx: failures are answered by the proxy and never transcribed). */
  status: number;
  /** What the body is: a stream of server-sent events, or one JSON answer. */
  contentType: 'text/event-stream' | 'application/json';
  /**
   * The body as the client received it. An event stream replays as it came with
   * `fixtureFetch(() => sseResponse(body))` from `@fieldstream/core/testing`.
   */
  body: string;
  /** `false` when the body was cut: the client left, the upstream failed, or it outgrew the limit. */
  complete: boolean;
};

/** The most bytes of a body a transcript keeps; a longer one ends there, `complete: false`. */
export const MAX_TRANSCRIPT_BYTES = 16 * 1024 * 1024;

/** Collects the bytes passed on to the client, then hands the transcript over once. */
export type TranscriptTap = {
  take(chunk: Uint8Array): void;
  end(complete: boolean): void;
};

export function tapTranscript(
  onTranscript: (transcript: UpstreamTranscript) => void,
  status: number,
  contentType: UpstreamTranscript['contentType'],
): TranscriptTap {
  const decoder = new TextDecoder();
  let body = '';
  let size = 0;
  let cut = false;
  let ended = false;
  return {
    take(chunk) {
      if (cut) return;
      if (size + chunk.byteLength > MAX_TRANSCRIPT_BYTES) {
        cut = true;
        return;
      }
      size += chunk.byteLength;
      body += decoder.decode(chunk, { stream: true });
    },
    end(complete) {
      if (ended) return;
      ended = true;
      body += decoder.decode();
      try {
        onTranscript({ status, contentType, body, complete: complete && !cut });
      } catch (error) {
        // The app's callback: what it throws is reported, and the answer has been sent all the same.
        console.error('Fieldstream: createModelProxy onTranscript threw:', error);
      }
    },
  };
}
