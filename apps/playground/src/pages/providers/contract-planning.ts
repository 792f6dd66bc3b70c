import type { OutputContractRequest, ProviderName } from '@fieldstream/core';
import { type OutputContractPlan, planOutputContract, providerCapabilities } from '@fieldstream/core/kits';
import { presetById } from '../../presets/index';

/** One structured-output request the planning table plans for every provider. */
export type ContractRequestCase = { id: string; label: string; request: OutputContractRequest };

const incident = presetById('incident');
const schema = incident.output?.toJSONSchema() ?? { type: 'object' };

/** The incident preset's schema as a named `json_schema` response format. */
export const INCIDENT_SCHEMA_FORMAT = {
  type: 'json_schema',
  name: 'incident_update',
  description: 'A status-page update for an incident',
  schema,
} as const;

/** The four requests of the table: text, any JSON object, a schema that must be enforced, a schema as a hint. */
export const CONTRACT_REQUESTS: readonly ContractRequestCase[] = [
  { id: 'text', label: 'text', request: { responseFormat: { type: 'text' } } },
  { id: 'json_object', label: 'json_object', request: { responseFormat: { type: 'json_object' } } },
  {
    id: 'json_schema_strict',
    label: 'json_schema strict',
    request: { responseFormat: { ...INCIDENT_SCHEMA_FORMAT, strict: true } },
  },
  {
    id: 'json_schema_hint',
    label: 'json_schema non-strict',
    request: { responseFormat: { ...INCIDENT_SCHEMA_FORMAT, strict: false } },
  },
];

/** Every provider the core ships, in `providerCapabilities` order. */
export const PLANNED_PROVIDERS = Object.keys(providerCapabilities) as ProviderName[];

/** `planOutputContract` for a provider's capabilities and one request case. */
export function planFor(provider: ProviderName, requestCase: ContractRequestCase): OutputContractPlan {
  return planOutputContract(providerCapabilities[provider], requestCase.request);
}

/** How a plan's native response format reads in the table: `json_schema (strict)`, `json_object`, `none`. */
export function describeResponseFormat(plan: OutputContractPlan): string {
  const format = plan.providerResponseFormat;
  if (format === undefined) return 'none';
  if (format.type !== 'json_schema') return format.type;
  return `json_schema (${format.strict ? 'strict' : 'non-strict'})`;
}

/** A final text to check against the demo's degraded plan. */
export type ContractSample = { id: string; label: string; text: string };

/** A good answer, one wrapped in prose and a fence, and one that breaks the schema. */
export const CONTRACT_SAMPLES: readonly ContractSample[] = [
  { id: 'good', label: 'valid JSON matching the schema', text: JSON.stringify(incident.data, null, 2) },
  {
    id: 'fenced',
    label: 'JSON in prose and a Markdown fence',
    text: `Here is the update:\n\`\`\`json\n${JSON.stringify(incident.data)}\n\`\`\``,
  },
  {
    id: 'schema',
    label: 'JSON that breaks the schema',
    text: JSON.stringify({ ...(incident.data as Record<string, unknown>), severity: 'SEV9', eta_minutes: 'soon' }),
  },
];
