// The one behaviour suite of a response, written once and run against every place a response runs
// (docs/decisions/0021-one-response-core.md): in the page, over the wire, in a Worker on this thread
// and in a real Worker in Chromium (apps/playground/behaviour.html, e2e/behaviour.spec.ts). Each case
// turns what a user can observe into plain data; every source must give the case's `expected`.
// The cases import only public entries and zod, so the browser page can run them too.
import type { BehaviourCase } from './behaviour-spec';
import { earlyValidationCases } from './early-validation-cases';
import { failureCases } from './failure-cases';
import { readingCases } from './reading-cases';
import { toolCases } from './tool-cases';
import { zodSchemaCases } from './zod-schema-cases';

export {
  type BehaviourCase,
  type BehaviourSource,
  type BehaviourSpec,
  responseOptions,
  scriptedConfig,
} from './behaviour-spec';
export { errorRecord, timeline } from './observations';
export { oneRetryObservations } from './ticket-answers';

export const behaviourCases: BehaviourCase[] = [
  ...readingCases,
  ...failureCases,
  ...zodSchemaCases,
  ...toolCases,
  ...earlyValidationCases,
];
