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
        <FinalJson value={final} />
      ) : (
        <p className="muted" data-testid="final-data-pending">
          {status === 'idle' ? 'Start a run.' : `Not yet: ${status}.`}
        </p>
      )}
    </section>
  );
}

/** Final data longer than this is shown truncated (laying out a long answer's text is a long task of its own). */
const MAX_SHOWN = 20_000;

function FinalJson({ value }: { value: unknown }): ReactElement {
  const json = JSON.stringify(value, null, 2) ?? 'undefined';
  if (json.length <= MAX_SHOWN) return <pre data-testid="final-data">{json}</pre>;
  return (
    <>
      <p className="muted" data-testid="final-data-size" data-chars={json.length}>
        {Math.round(json.length / 1024)} KB of JSON; the first {MAX_SHOWN / 1000} K characters:
      </p>
      <pre data-testid="final-data-truncated">{json.slice(0, MAX_SHOWN)}…</pre>
    </>
  );
}
