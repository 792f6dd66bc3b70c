import type { ProviderCapabilities } from '@fieldstream/core';
import { providerCapabilities } from '@fieldstream/core/kits';
import type { ReactElement } from 'react';
import { ScrollRegion } from '../../components/scroll-region';
import { CONTRACT_REQUESTS, describeResponseFormat, PLANNED_PROVIDERS, planFor } from './contract-planning';

const CAPABILITY_KEYS: readonly (keyof ProviderCapabilities)[] = [
  'jsonObject',
  'jsonSchema',
  'strictJsonSchema',
  'reasoning',
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
      <ScrollRegion label="Output contract planning per provider">
        <table className="planning-table">
          <thead>
            <tr>
              <th>provider</th>
              {CAPABILITY_KEYS.map((key) => (
                <th key={key}>{key}</th>
              ))}
              {CONTRACT_REQUESTS.map((requestCase) => (
                <th key={requestCase.id}>{requestCase.label}</th>
              ))}
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
