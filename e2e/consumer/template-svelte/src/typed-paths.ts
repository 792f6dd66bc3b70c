// Compile-time checks only (svelte-check reads every file in src/; the app never imports this one):
// the published declarations carry the schema's types from defineOutput through liveResponse to each path.
import { instantField, liveResponse } from '@fieldstream/svelte';
import { askIncident } from './incident.js';

type Typed = { summary: string | null | undefined; flags: string[] | null | undefined };

export function typedPaths(): Typed {
  const run = liveResponse(askIncident);
  // @ts-expect-error a path the schema does not have is a compile error
  instantField(run.store, 'status_sumary');
  const summary: Typed['summary'] = instantField(run.store, 'status_summary').current.value;
  const flags: Typed['flags'] = instantField(run.store, 'risk_flags').current.value;
  return { summary, flags };
}
