import type { WireEvent } from '../patch-stream/wire-events';

/** Where the recorded response ran: in this page, behind a patch stream, or in a Worker. */
export type RecordingSource = 'page' | 'wire' | 'worker';

/**
 * One message of a recording: the wire events a patch stream sends in one SSE message (what the
 * response emitted since the previous message, runs of deltas merged), and when it was sent.
 */
export type RecordedMessage = {
  /** Milliseconds since the recording started; never less than the previous message's. */
  at: number;
  events: WireEvent[];
};

/**
 * A recorded response: the patch stream it would send (`toPatchStream`), with timing. Portable
 * JSON (`serializeRecording` / `parseRecording`); it carries what a patch stream carries — never
 * a prompt, an answer's raw text (unless recorded with `text: true`), a header, a key or a cookie.
 */
export type Recording = {
  format: 'fieldstream-recording';
  version: 1;
  source: RecordingSource;
  /** A name for people (a test case, a provider); never read by the replay. */
  label?: string;
  messages: RecordedMessage[];
};

/** The `format` field of every recording. */
export const RECORDING_FORMAT = 'fieldstream-recording';

/** The sources a recording names. */
export const RECORDING_SOURCES: readonly RecordingSource[] = ['page', 'wire', 'worker'];
