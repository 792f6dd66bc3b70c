import type { FieldStore, ModelResponse } from '@fieldstream/core';
import { useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useEffect, useRef } from 'react';

/** Reads on no schedule of its own: counting updates must not make the store apply every chunk. */
const readsLater = { onPending: () => {} };

/**
 * How many chunks the response pushed and how many store updates applied them: the form's hooks
 * read the store once per frame (`onPending`), so the updates are far fewer than the chunks.
 */
export function StoreUpdates({
  store,
  response,
}: {
  store: FieldStore<unknown>;
  response: ModelResponse | undefined;
}): ReactElement {
  const counts = useRef({ chunks: 0, updates: 0 });
  useEffect(() => {
    counts.current = { chunks: 0, updates: 0 };
    if (response === undefined) return;
    const stopChunks = response.subscribeChunks({
      events: () => {},
      patches: () => {
        counts.current.chunks++;
      },
    });
    const stopUpdates = store.subscribe(() => {
      counts.current.updates++;
    }, readsLater);
    return () => {
      stopChunks();
      stopUpdates();
    };
  }, [store, response]);
  // Re-rendered with the status; the counts are shown as they stand then (final once the run ends).
  const { status } = useStreamStatus(store);
  const { chunks, updates } = counts.current;
  return (
    <p className="muted" data-testid="store-updates" data-status={status} data-chunks={chunks} data-updates={updates}>
      {chunks} chunks applied in {updates} store updates
    </p>
  );
}
