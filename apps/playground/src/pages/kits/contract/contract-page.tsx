import { useFinalData, useStreamStatus } from '@fieldstream/react';
import { type ReactElement, useState } from 'react';
import { ErrorNote } from '../../../components/error-note';
import { REFUND_EDITIONS } from '../../../contracts/refund-editions';
import { REFUNDABLE_BALANCE, refundRequest } from '../../../presets/refund-contract';
import { LiveValue } from '../live-value';
import { CompatibilityTable } from './compatibility-table';
import { ContractAttempts } from './contract-attempts';
import { ContractControls } from './contract-controls';
import { type RefundRunSettings, refundSettingsFrom, useRefundRun } from './refund-run';
import { RoutedActions } from './routed-actions';
import { SampleCheck } from './sample-check';
import { StatusSwitch } from './status-panel';
import { useObservations } from './use-observations';
import '../kits.css';
import { attemptLabel } from '../../../components/attempt-number';
import { isStreamingStatus } from '../../../components/busy';

/**
 * The contract kit: a refund decision streams under the customer-refund contract; the UI switches
 * on `status` while the rest streams, routes the validated answer to each consumer, shows the
 * contract's violations and the retry they cause, and compares contract versions.
 */
export function ContractPage({ params }: { params: URLSearchParams }): ReactElement {
  const [settings, setSettings] = useState<RefundRunSettings>(() => refundSettingsFrom(params));
  const run = useRefundRun();
  const { status, attempt, error } = useStreamStatus(run.store);
  const final = useFinalData(run.store);
  const events = useObservations(run.response);
  const running = isStreamingStatus(status);
  // The running response's edition and sample, else the chosen ones.
  const shown = run.settings ?? settings;
  const edition = REFUND_EDITIONS[shown.edition];
  const { contract } = edition;
  return (
    <div className="page kit-page">
      <h2>Output contract</h2>
      <p className="muted">
        Contract <code>{contract.name}</code> v{contract.version}: every field required (absence is <code>null</code> or{' '}
        <code>[]</code>), a <code>status</code> whose every value tells each consumer what to do, and program rules
        checked as response validators (refundable balance {REFUNDABLE_BALANCE} {edition.currency}).
      </p>
      <ContractControls
        settings={settings}
        onChange={setSettings}
        onStart={() => run.start(settings)}
        onAbort={run.abort}
        running={running}
      />
      <blockquote className="kit-request" data-testid="contract-request">
        {refundRequest(shown.edition, shown.sample)}
      </blockquote>
      <div
        className="run-status"
        data-testid="contract-run"
        data-status={status}
        data-scenario={run.scenario ?? ''}
        data-has-final={final !== undefined}
      >
        <span className={`badge status-${status}`} data-testid="contract-run-status">
          {status}
        </span>
        <span data-testid="contract-attempt-counter">{attemptLabel(attempt)}</span>
        {error === undefined ? null : <ErrorNote error={error} testId="contract-error" />}
      </div>
      <div className="columns">
        <div className="stack">
          <StatusSwitch store={run.store} edition={edition} />
          <section className="panel">
            <h3>Message to the customer</h3>
            <p>
              <LiveValue store={run.store} path="customer_message" testId="customer-message" placeholder="—" />
            </p>
            <h4>Reason (for the agent)</h4>
            <p>
              <LiveValue store={run.store} path="reason" testId="decision-reason" placeholder="—" />
            </p>
          </section>
        </div>
        <div className="stack">
          <RoutedActions store={run.store} contract={contract} />
          <ContractAttempts events={events} />
          <section className="panel">
            <h3>Final data</h3>
            {final === undefined ? (
              <p className="muted">Not yet.</p>
            ) : (
              <pre data-testid="contract-final">{JSON.stringify(final, null, 2)}</pre>
            )}
          </section>
        </div>
      </div>
      <CompatibilityTable edition={edition} />
      <SampleCheck edition={edition} />
    </div>
  );
}
