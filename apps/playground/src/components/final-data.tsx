import type { FieldStore } from '@fieldstream/core';
import { useFinalData, useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';

/** The validated final data as JSON text (React-escaped), once it arrives. */
export function FinalData({ store }: { store: FieldStore<unknown> }): ReactElement {
  const final = useFinalData(store);
  const { status } = useStreamStatus(store);
  return (
    <section className="panel">
      <h3>Final data</h3>
      {status === 'done' ? (
        <pre data-testid="final-data">{JSON.stringify(final, null, 2)}</pre>
      ) : (
        <p className="muted" data-testid="final-data-pending">
          {status === 'idle' ? 'Start a run.' : `Not yet: ${status}.`}
        </p>
      )}
    </section>
  );
}
