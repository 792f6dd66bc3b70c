import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import { reconcileWithFinal } from '../reconcile-with-final';

/**
 * The events of an already complete value, for a value the stream could not follow as it came
 * (a flat_markdown `True`, or an answer that only the JSON fallback could read): a `done` per
 * path in post-order, each non-empty string preceded by one delta with its whole text, so string
 * deltas still concatenate to the final value. `withRoot: false` leaves out the `done` of `''`.
 */
export function replayValue(root: unknown, source: CompletionSource, withRoot: boolean): StreamingData[] {
  const events: StreamingData[] = [];
  for (const done of reconcileWithFinal(root, new Set(), source)) {
    if (done.path === '' && !withRoot) continue;
    if (typeof done.value === 'string' && done.value !== '') {
      const { completion_source: _source, ...delta } = done;
      events.push({ ...delta, delta: done.value, is_complete: false, event_type: 'delta' });
    }
    events.push(done);
  }
  return events;
}
