// The bad-input probe table of issue 12: one row per public function and option × wrong type,
// null/undefined, NaN, cyclic, huge, unknown enum value. Each row must end in a typed
// FieldstreamError whose message names `mentions`. The rows live one file per part of the API
// (`*-probes.ts`), written against `probe-api.ts` (the loader and the row's type); here is the table.

import { definitionProbes } from './definition-probes';
import { parserProbes } from './parser-probes';
import type { Probe } from './probe-api';
import { providerProbes } from './provider-probes';
import { responseProbes } from './response-probes';
import { storeProbes } from './store-probes';
import { transportProbes } from './transport-probes';

/** Every row, one table per part of the API. */
export const probes: Probe[] = [
  ...responseProbes,
  ...parserProbes,
  ...storeProbes,
  ...definitionProbes,
  ...transportProbes,
  ...providerProbes,
];
