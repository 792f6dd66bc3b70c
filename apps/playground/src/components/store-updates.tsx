import type { FieldStore, ModelResponse } from '@fieldstream/core';
import { useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useEffect, useState } from 'react';

/** Reads on no schedule of its own: counting updates must not make the store apply every chunk. */
const readsLater = { onPending: () => {} };

type Counts = { chunks: number; updates: number };
const NONE: Counts = { chunks: 0, updates: 0 };

/**
 * How many chunks the response pushed and how many store updates applied them: the form's hooks
 * read the store once per frame (`onPending`), so the updates are far fewer than the chunks. The
 * line is redrawn at each store update, when every chunk pushed so far has just been applied.
 */
export function StoreUpdates({
  store,
  response,
}: {
  store: FieldStore<unknown>;
  response: ModelResponse | undefined;
}): ReactElement {
  const [{ chunks, updates }, setCounts] = useState(NONE);
  useEffect(() => {
    setCounts(NONE);
    if (response === undefined) return;
    let pushed = 0;
    let applied = 0;
    const stopChunks = response.subscribeChunks({
      events: () => {},
      patches: () => {
        pushed++;
      },
    });
    const stopUpdates = store.subscribe(() => {
      applied++;
      setCounts({ chunks: pushed, updates: applied });
    }, readsLater);
    return () => {
      stopChunks();
      stopUpdates();
    };
  }, [store, response]);
  const { status } = useStreamStatus(store);
  return (
    <p className="muted" data-testid="store-updates" data-status={status} data-chunks={chunks} data-updates={updates}>
      {chunks} chunks applied in {updates} store updates
    </p>
  );
}
