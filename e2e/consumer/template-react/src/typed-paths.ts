// Compile-time checks only (tsc reads every file in src/; the app never imports this one): the
// published declarations carry the schema's types from defineOutput through useResponse to each path.
import { useInstantField, useResponse } from '@fieldstream/react';
import { askIncident } from './incident.js';

type Typed = { summary: string | null | undefined; flags: string[] | null | undefined };

export function useTypedPaths(): Typed {
  const { store } = useResponse(askIncident);
  // @ts-expect-error a path the schema does not have is a compile error
  useInstantField(store, 'status_sumary');
  const summary: Typed['summary'] = useInstantField(store, 'status_summary').value;
  const flags: Typed['flags'] = useInstantField(store, 'risk_flags').value;
  return { summary, flags };
}
