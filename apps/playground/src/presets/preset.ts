import type { FormatName, FormatOption, OutputDefinition } from '@fieldstream/core';

/** Fault switches the built-in model understands (the server applies them per attempt). */
export type FaultName =
  /** Attempt 0 is unparseable prose; the retry gets the good answer. */
  | 'malformed'
  /** Attempt 0 omits the preset's first `not_null` field; the retry gets the good answer. */
  | 'missing_field'
  /** Attempt 0 stops at 70 % of the answer, cleanly (the parser must close what is open). */
  | 'truncated'
  /** The server destroys the socket halfway through the answer. */
  | 'drop_connection'
  /** The server sends an SSE error object halfway through the answer. */
  | 'provider_error'
  /** The first token waits `slowFirstTokenMs` (default 1 500 ms). */
  | 'slow_first_token'
  /** Attempt 0 gets HTTP 429 with `Retry-After: 1`: the response waits a second, then retries. */
  | 'rate_limited';

export const FAULT_NAMES: readonly FaultName[] = [
  'malformed',
  'missing_field',
  'truncated',
  'drop_connection',
  'provider_error',
  'slow_first_token',
  'rate_limited',
];

/** A hand-written answer as a model would send it, in the preset's own format. */
export type RecordedAnswer = {
  format: FormatName;
  /** The answer text, `<think>` prefix included when the preset has one. */
  text: string;
};

/** One playground scenario: a schema, its data, and the recorded answer. */
export type Preset = {
  /** Stable id used in URLs, request bodies and test ids. */
  id: string;
  title: string;
  /** One line for the preset picker. */
  description: string;
  /** The prompt the playground shows and sends. */
  input: string;
  /** The schema; `undefined` for plain text. */
  output: OutputDefinition | undefined;
  /** The format this preset is written for (the picker's default). */
  format: FormatOption;
  /** The logical data the recorded answer holds (a string for plain text). */
  data: unknown;
  /** The hand-written answer; other formats are rendered from `data`. */
  recorded: RecordedAnswer;
  /** Reasoning sent on the provider's reasoning channel (`delta.reasoning_content`), not in the text. */
  providerReasoning?: string;
  /**
   * Top-level list fields too long to render whole (hundreds of records): the live form shows them
   * as a window over the newest items instead of one live field per value.
   */
  windowedLists?: readonly string[];
};
