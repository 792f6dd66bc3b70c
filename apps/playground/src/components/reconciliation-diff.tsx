import { type FieldStore, REASONING_PATH } from '@fieldstream/core';
import { useFinalData, useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';
import type { RecorderSnapshot } from '../run/event-recorder';
import { ScrollRegion } from './scroll-region';

type DiffRow = { path: string; reconciled: string; streamed: unknown; final: unknown };

/** How the final data settled every streamed path: confirmed, changed or removed. */
export function ReconciliationDiff({
  store,
  snapshot,
}: {
  store: FieldStore<unknown>;
  snapshot: RecorderSnapshot;
}): ReactElement {
  const final = useFinalData(store);
  const { status } = useStreamStatus(store);
  const rows = status === 'done' ? diffRows(store, snapshot) : [];
  const counts = { confirmed: 0, changed: 0, removed: 0 } as Record<string, number>;
  for (const row of rows) counts[row.reconciled] = (counts[row.reconciled] ?? 0) + 1;
  return (
    <section className="panel">
      <h3>Reconciliation with the final data</h3>
      {final === undefined ? (
        <p className="muted">Waits for the final data.</p>
      ) : (
        <>
          <p data-testid="diff-summary">
            {counts.confirmed} confirmed · {counts.changed} changed · {counts.removed} removed
          </p>
          <ScrollRegion label="Reconciliation rows" className="short" testId="diff-scroll">
            <table className="reconciliation">
              <thead>
                <tr>
                  <th className="reconciliation-path">path</th>
                  <th className="reconciliation-state">settled</th>
                  <th>streamed</th>
                  <th>final</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.path} data-testid="diff-row" data-path={row.path} data-reconciled={row.reconciled}>
                    <td>
                      <code>{row.path || '(root)'}</code>
                    </td>
                    <td className={`badge reconciled-${row.reconciled}`}>{row.reconciled}</td>
                    <ValueCell value={row.streamed} />
                    <ValueCell value={row.final} />
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  );
}

/** A value as JSON, wrapped within its column (a few lines; the whole of it on hover). */
function ValueCell({ value }: { value: unknown }): ReactElement {
  const json = JSON.stringify(value) ?? '';
  return (
    <td className="value-cell">
      <code title={json}>{json}</code>
    </td>
  );
}

/** Every path a patch named (the latest streamed value of each), settled against the store's final data. */
function diffRows(store: FieldStore<unknown>, snapshot: RecorderSnapshot): DiffRow[] {
  const streamed = new Map<string, unknown>();
  for (let i = 0; i < snapshot.patchCount; i++) {
    const { data } = snapshot.patches[i] as RecorderSnapshot['patches'][number];
    if (data.path !== REASONING_PATH) streamed.set(data.path, data.value);
  }
  return [...streamed].map(([path, value]) => {
    const field = store.getField(path);
    return { path, reconciled: field.reconciled ?? 'pending', streamed: value, final: field.value };
  });
}
