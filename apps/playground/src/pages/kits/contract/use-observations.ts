import type { ModelResponse, ObservationEvent } from '@fieldstream/core';
import { useEffect, useState } from 'react';

/** A response's observation log (attempts, validation failures, retries), replayed then followed. */
export function useObservations<Data>(response: ModelResponse<Data> | undefined): readonly ObservationEvent[] {
  const [log, setLog] = useState<{ source: ModelResponse<Data> | undefined; events: readonly ObservationEvent[] }>({
    source: undefined,
    events: [],
  });
  useEffect(() => {
    if (response === undefined) return;
    const events: ObservationEvent[] = [];
    return response.observe((event) => {
      events.push(event);
      setLog({ source: response, events: [...events] });
    });
  }, [response]);
  return log.source === response ? log.events : [];
}
