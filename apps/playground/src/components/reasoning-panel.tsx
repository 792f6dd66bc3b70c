import type { FieldStore } from '@fieldstream/core';
import { useReasoning, useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { isStreamingStatus } from './busy';

/** The model's reasoning (a leading `<think>` block, or the provider's reasoning channel). */
export function ReasoningPanel({ store }: { store: FieldStore<unknown> }): ReactElement {
  const reasoning = useReasoning(store);
  const { status } = useStreamStatus(store);
  return (
    <section className="panel reasoning" aria-busy={isStreamingStatus(status)}>
      <h3>Reasoning</h3>
      {reasoning === '' ? (
        <p className="muted">No reasoning so far.</p>
      ) : (
        <pre data-testid="reasoning">{reasoning}</pre>
      )}
    </section>
  );
}
