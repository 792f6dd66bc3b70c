import { type ReactElement, useMemo } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import type { RefundEdition } from '../../../contracts/refund-editions';
import { REFUND_RULE_CONTEXT } from './refund-run';

/** The contract test: `contract.checkSamples` over the core's samples (one per status, plus invalid ones). */
export function SampleCheck({ edition }: { edition: RefundEdition }): ReactElement {
  const report = useMemo(() => edition.contract.checkSamples(edition.samples, REFUND_RULE_CONTEXT), [edition]);
  return (
    <section className="panel" data-testid="sample-check" data-ok={report.ok}>
      <h3>Contract test: the samples</h3>
      <p className="muted">
        <code>contract.checkSamples(customerRefundSamples)</code> — {report.ok ? 'every sample' : 'not every sample'}{' '}
        behaves as expected.
      </p>
      <ScrollTable label="Sample check results" columns={['Sample', 'Expected', 'Violations']}>
        {report.outcomes.map((outcome) => (
          <tr key={outcome.name} data-ok={outcome.ok}>
            <td>{outcome.name}</td>
            <td>
              {outcome.expected} {outcome.ok ? '✓' : '✗'}
            </td>
            <td>
              {outcome.violations.length === 0 ? (
                <span className="muted">none</span>
              ) : (
                <ul className="kit-violations">
                  {outcome.violations.map((violation) => (
                    <li key={`${violation.rule}:${violation.path}`}>
                      <code>{violation.rule}</code> {violation.message}
                    </li>
                  ))}
                </ul>
              )}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}
