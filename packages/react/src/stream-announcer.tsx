import type { FieldStore, Schedule } from '@fieldstream/core';
import { completionMessage } from '@fieldstream/core/bindings';
import type { ReactElement } from 'react';
import { useStreamStatus } from './use-stream-status';

/**
 * A polite live region that speaks once, when the response ends. `@fieldstream/react/styles.css`
 * hides it from sight (`.fs-announce`); without the stylesheet it is a short visible line.
 */
export function StreamAnnouncer<Data>({
  store,
  schedule,
}: {
  store: FieldStore<Data>;
  schedule?: Schedule;
}): ReactElement {
  const { status, error } = useStreamStatus(store, { schedule });
  return (
    <p className="fs-announce" role="status" aria-live="polite">
      {completionMessage(status, error)}
    </p>
  );
}
