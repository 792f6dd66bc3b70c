import type { ResponseStatus } from '@fieldstream/core';
import type { ReactElement } from 'react';
import type { EventRecorder } from '../run/event-recorder';
import { useRecorder } from '../run/use-recorder';
import { endAnnouncement, isStreamingStatus } from './busy';

/**
 * A plain-text answer as it streams (the `text` format has no fields): `aria-busy` while it
 * streams, and its end said once in a polite live region.
 */
export function TextAnswer({
  recorder,
  status,
}: {
  recorder: EventRecorder | undefined;
  status: ResponseStatus;
}): ReactElement {
  const snapshot = useRecorder(recorder);
  const text = snapshot.attempts.at(-1)?.text ?? '';
  return (
    <>
      <pre className="text-answer" data-testid="text-answer" aria-busy={isStreamingStatus(status)}>
        {text}
      </pre>
      <p className="fs-announce" role="status" aria-live="polite">
        {endAnnouncement(status)}
      </p>
    </>
  );
}
