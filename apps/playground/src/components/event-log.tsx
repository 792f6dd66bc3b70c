import { type ReactElement, useState } from 'react';
import type { RecordedPatch, RecorderSnapshot } from '../run/event-recorder';
import { attemptNumber } from './attempt-number';
import { ScrollRegion } from './scroll-region';

/** Rows rendered at most: the newest ones (the log itself keeps every patch). */
const MAX_ROWS = 400;

export type EventLogProps = {
  snapshot: RecorderSnapshot;
  selected: number | undefined;
  onSelect(seq: number): void;
};

/** Every `StreamingData` of the response: path, delta, value, provenance, attempt. */
export function EventLog({ snapshot, selected, onSelect }: EventLogProps): ReactElement {
  const [filter, setFilter] = useState('');
  const rows: RecordedPatch[] = [];
  // Walk backwards so only the rows shown are visited, whatever the log's size.
  for (let i = snapshot.patchCount - 1; i >= 0 && rows.length < MAX_ROWS; i--) {
    const patch = snapshot.patches[i] as RecordedPatch;
    if (filter === '' || patch.data.path.includes(filter)) rows.push(patch);
  }
  rows.reverse();
  return (
    <section className="panel event-log">
      <h3>
        Events <span data-testid="event-count">{snapshot.patchCount}</span>
      </h3>
      <input
        data-testid="event-filter"
        placeholder="filter by path"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      {snapshot.patchCount > rows.length && filter === '' ? (
        <p className="muted">Showing the newest {rows.length}.</p>
      ) : null}
      <ScrollRegion label="Events, newest last" follow={snapshot.patchCount} testId="event-scroll">
        <table>
          <thead>
            <tr>
              <th>#</th>
              <th>att.</th>
              <th>event</th>
              <th>path</th>
              <th>delta</th>
              <th>value</th>
              <th>completion</th>
              <th>text@</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((patch) => (
              <tr
                key={patch.seq}
                data-testid="event-row"
                data-path={patch.data.path}
                data-event={patch.data.event_type}
                data-attempt={patch.attempt}
                className={patch.seq === selected ? 'selected' : undefined}
                onClick={() => onSelect(patch.seq)}
              >
                <td>{patch.seq}</td>
                <td>{attemptNumber(patch.attempt)}</td>
                <td>{patch.data.event_type}</td>
                <td className="path-cell" title={patch.data.path}>
                  <code>{patch.data.path || '(root)'}</code>
                </td>
                <td className="delta-cell">
                  <code>{patch.data.delta === '' ? '' : JSON.stringify(patch.data.delta)}</code>
                </td>
                <td className="value-cell">
                  <code>{shortValue(patch.data.value)}</code>
                </td>
                <td className="completion-cell">{patch.data.completion_source ?? ''}</td>
                <td>{patch.textOffset}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}

function shortValue(value: unknown): string {
  const text = value === undefined ? '' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}
