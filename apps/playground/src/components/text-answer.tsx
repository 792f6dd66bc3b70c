import type { ReactElement } from 'react';
import type { EventRecorder } from '../run/event-recorder';
import { useRecorder } from '../run/use-recorder';

/** A plain-text answer as it streams (the `text` format has no fields). */
export function TextAnswer({ recorder }: { recorder: EventRecorder | undefined }): ReactElement {
  const snapshot = useRecorder(recorder);
  const text = snapshot.attempts.at(-1)?.text ?? '';
  return (
    <pre className="text-answer" data-testid="text-answer">
      {text}
    </pre>
  );
}
