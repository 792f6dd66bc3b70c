import type { ProviderCapabilities } from '@fieldstream/core';
import { finalizeContractStream, planOutputContract } from '@fieldstream/core/kits';
import { type ReactElement, useState } from 'react';
import { ScrollTable } from '../../components/scroll-table';
import { CONTRACT_REQUESTS, CONTRACT_SAMPLES } from './contract-planning';

// An OpenAI-compatible server with a JSON mode but no schemas (DeepSeek's `json_object`, for one):
// a strict json_schema request degrades to json_object plus the synthetic instruction, and the
// final text must be valid JSON matching the schema.
const DEMO_PROVIDER = 'JSON mode only (e.g. DeepSeek)';
const JSON_MODE_ONLY: ProviderCapabilities = {
  jsonObject: true,
  jsonSchema: false,
  strictJsonSchema: false,
  reasoning: true,
};
const demoRequest = CONTRACT_REQUESTS.find((requestCase) => requestCase.id === 'json_schema_strict');
const plan = planOutputContract(JSON_MODE_ONLY, demoRequest?.request ?? {});

/**
 * A degraded plan checking final texts: `finalizeContractStream` (built on `validateOutputContract`)
 * turns a text that breaks the contract into a failed terminal status with a diagnostic.
 */
export function ContractDemo(): ReactElement {
  const [custom, setCustom] = useState('{"status_summary": "ok"}');
  const samples = [...CONTRACT_SAMPLES, { id: 'custom', label: 'your text', text: custom }];
  return (
    <section className="panel" data-testid="contract-demo" data-action={plan.action}>
      <h3>A degraded contract, checked</h3>
      <p>
        {DEMO_PROVIDER} × json_schema strict → <strong data-testid="contract-demo-action">{plan.action}</strong>:{' '}
        <span data-testid="contract-demo-reason">{plan.reason}</span>
      </p>
      <details>
        <summary>The synthetic instruction added to the prompt</summary>
        <pre data-testid="contract-demo-instruction">{plan.syntheticInstruction}</pre>
      </details>
      <ScrollTable
        label="Contract samples"
        className="contract-samples"
        columns={['final text', 'terminal status', 'diagnostic']}
      >
        {samples.map((sample) => {
          const terminal = finalizeContractStream(plan, sample.text);
          const diagnostic = terminal.diagnostics[0];
          return (
            <tr key={sample.id} data-testid={`contract-sample-${sample.id}`} data-status={terminal.status}>
              <td>
                <strong>{sample.label}</strong>
                {sample.id === 'custom' ? (
                  <textarea
                    aria-label="Your own model answer to check"
                    data-testid="contract-custom-text"
                    value={custom}
                    rows={4}
                    onChange={(event) => setCustom(event.target.value)}
                  />
                ) : (
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls, so a keyboard must reach it (WCAG 2.1.1)
                  <pre className="contract-text" tabIndex={0}>
                    {sample.text}
                  </pre>
                )}
              </td>
              <td data-testid="contract-status">{terminal.status}</td>
              <td>
                {diagnostic === undefined ? (
                  <span className="muted">none</span>
                ) : (
                  <>
                    <code data-testid="contract-diagnostic-code">{diagnostic.code}</code> at{' '}
                    <code data-testid="contract-diagnostic-path">{diagnostic.path}</code>
                    <p data-testid="contract-diagnostic-message">{diagnostic.message}</p>
                  </>
                )}
              </td>
            </tr>
          );
        })}
      </ScrollTable>
    </section>
  );
}
