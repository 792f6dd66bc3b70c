import type { ReactElement } from 'react';
import type { RecordedPatch, RecorderSnapshot } from '../run/event-recorder';
import { attemptNumber } from './attempt-number';

/** Each attempt's raw answer text; the part that had arrived at the selected event is highlighted. */
export function RawText({
  snapshot,
  selected,
}: {
  snapshot: RecorderSnapshot;
  selected: number | undefined;
}): ReactElement {
  const patch = selected === undefined ? undefined : (snapshot.patches[selected] as RecordedPatch | undefined);
  return (
    <section className="panel raw-text">
      <h3>Raw text</h3>
      {snapshot.attempts.length === 0 ? <p className="muted">Nothing yet.</p> : null}
      {snapshot.attempts.map((attempt) => {
        const cut = patch?.attempt === attempt.attempt ? patch.textOffset : undefined;
        return (
          <div key={attempt.attempt} data-testid="raw-attempt" data-attempt={attempt.attempt}>
            <h4>
              Attempt {attemptNumber(attempt.attempt)} · {attempt.format}
              {attempt.reason === undefined ? '' : ` · after ${attempt.reason}`}
            </h4>
            <pre data-testid="raw-text">
              {cut === undefined ? (
                attempt.text
              ) : (
                <>
                  <mark>{attempt.text.slice(0, cut)}</mark>
                  <span className="muted">{attempt.text.slice(cut)}</span>
                </>
              )}
            </pre>
          </div>
        );
      })}
    </section>
  );
}
