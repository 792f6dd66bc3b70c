import type { ProviderCapabilities } from '@fieldstream/core';
import { providerCapabilities } from '@fieldstream/core/kits';
import type { ReactElement } from 'react';
import { ScrollTable } from '../../components/scroll-table';
import { CONTRACT_REQUESTS, describeResponseFormat, PLANNED_PROVIDERS, planFor } from './contract-planning';

const CAPABILITY_KEYS: readonly (keyof ProviderCapabilities)[] = [
  'jsonObject',
  'jsonSchema',
  'strictJsonSchema',
  'reasoning',
];

const COLUMNS: readonly string[] = [
  'provider',
  ...CAPABILITY_KEYS,
  ...CONTRACT_REQUESTS.map((requestCase) => requestCase.label),
];

/**
 * Each provider's capabilities (the `providerCapabilities` data) and what `planOutputContract`
 * makes of each request for it: the action, the native response format sent, and whether a
 * synthetic instruction goes into the prompt.
 */
export function ContractPlanningTable(): ReactElement {
  return (
    <section className="panel" data-testid="contract-planning">
      <h3>Output contract planning</h3>
      <p className="muted">
        planOutputContract(providerCapabilities[provider], request) for every shipped provider. Cells read: action ·
        native response format · synthetic instruction.
      </p>
      <ScrollTable label="Output contract planning per provider" className="planning-table" columns={COLUMNS}>
        {PLANNED_PROVIDERS.map((provider) => (
          <tr key={provider} data-testid={`plan-row-${provider}`}>
            <th scope="row">{provider}</th>
            {CAPABILITY_KEYS.map((key) => (
              <td key={key} data-testid={`capability-${provider}-${key}`}>
                {providerCapabilities[provider][key] ? 'yes' : 'no'}
              </td>
            ))}
            {CONTRACT_REQUESTS.map((requestCase) => {
              const plan = planFor(provider, requestCase);
              const format = describeResponseFormat(plan);
              const instruction = plan.syntheticInstruction !== undefined;
              return (
                <td
                  key={requestCase.id}
                  data-testid={`plan-${provider}-${requestCase.id}`}
                  data-action={plan.action}
                  data-response-format={format}
                  data-instruction={instruction ? 'yes' : 'no'}
                  title={plan.reason}
                >
                  <span className={`plan-action plan-${plan.action}`} data-testid="plan-action">
                    {plan.action}
                  </span>
                  <span className="plan-detail" data-testid="plan-response-format">
                    {format}
                  </span>
                  <span className="plan-detail" data-testid="plan-instruction">
                    {instruction ? 'instruction injected' : 'no instruction'}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}
