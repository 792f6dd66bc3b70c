import type { StreamingData } from '../patch/streaming-data';

/** The reserved channel of stream status records. */
export const STATUS_PATH = '$status';

/** What a reset record carries: the stream's abandoned value, and why it was abandoned. */
export type StreamReset = {
  type: 'reset';
  reason: 'final_parse_chose_another_block';
  /** The root value the stream had completed, which the final data replaces. */
  abandoned: unknown;
};

/**
 * The `$status` record that tells consumers to drop everything the stream has shown: the final
 * parse chose another JSON block than the one the stream followed (a draft before the answer, an
 * object before a root list). The final value's `done` events follow it, one per path.
 */
export function resetEvent(abandoned: unknown): StreamingData {
  const value: StreamReset = { type: 'reset', reason: 'final_parse_chose_another_block', abandoned };
  return {
    path: STATUS_PATH,
    wildcard_path: STATUS_PATH,
    indexes: [],
    delta: '',
    value,
    is_complete: true,
    event_type: 'done',
    completion_source: 'final_reconciliation',
  };
}
