import { useInstantField, useResponse } from '@fieldstream/react';
import { useSyncExternalStore } from 'react';
import { askIncident } from './incident.js';

/** Starts one response on mount and shows its fields while they stream. */
export function IncidentPanel() {
  const { store } = useResponse(askIncident, { startKey: 'incident' });
  const status = useSyncExternalStore(store.subscribe, () => store.getState().status);
  const summary = useInstantField(store, 'status_summary');
  const flags = useInstantField(store, 'risk_flags');
  return (
    <section>
      <p data-testid="status">{status}</p>
      <p data-testid="summary">{String(summary.value ?? '')}</p>
      <p data-testid="flags">{Array.isArray(flags.value) ? flags.value.join(' | ') : ''}</p>
    </section>
  );
}
