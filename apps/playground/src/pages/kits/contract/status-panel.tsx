import type { FieldStore } from '@fieldstream/core';
import { FieldText, useInstantField, useInstantList } from '@fieldstream/react';
import { type ReactElement, useState } from 'react';
import type { RefundAnswer } from '../../../contracts/customer-refund';
import type { RefundEdition } from '../../../contracts/refund-editions';
import { LiveValue } from '../live-value';

type Store = FieldStore<RefundAnswer>;

/**
 * Switches on `status` as soon as that field completes — it is the contract's second key, so the
 * panel appears while the rest of the answer is still streaming. Each status gets its own panel.
 */
export function StatusSwitch({ store, edition }: { store: Store; edition: RefundEdition }): ReactElement {
  const status = useInstantField(store, 'status');
  if (!status.isComplete || typeof status.value !== 'string') {
    return (
      <section className="panel status-panel" data-testid="status-waiting">
        <p className="muted">{status.value === undefined ? 'Waiting for the status…' : 'Status streaming…'}</p>
      </section>
    );
  }
  // A retry that rewrites the status mounts a fresh panel (its "appeared during" is the new attempt's).
  return (
    <StatusPanel key={`${status.attempt}:${status.value}`} store={store} status={status.value} edition={edition} />
  );
}

function StatusPanel({
  store,
  status,
  edition,
}: {
  store: Store;
  status: string;
  edition: RefundEdition;
}): ReactElement {
  // What was going on when the panel first appeared: the response's status and whether the last
  // field had arrived. Read once, at mount, from the store (not from a render of the hooks).
  const [appeared] = useState(() => ({
    during: store.getState().status,
    messageComplete: store.getField('customer_message').isComplete,
  }));
  const stale = useInstantField(store, 'status').stale;
  const entry = edition.contract.definition.statuses[status];
  return (
    <section
      className={`panel status-panel kind-${entry?.kind ?? 'unknown'} status-${status}`}
      data-testid="status-panel"
      data-status={status}
      data-kind={entry?.kind ?? 'unknown'}
      data-appeared-during={appeared.during}
      data-message-complete-at-appearance={appeared.messageComplete}
      data-stale={stale}
      role={entry?.kind === 'system' ? 'alert' : undefined}
    >
      <header>
        <span className="kit-status-tag">{status}</span>
        <span className="muted">{entry === undefined ? 'not a status of this contract' : entry.meaning}</span>
        {stale ? <span className="badge status-retrying">stale: a retry is rewriting this answer</span> : null}
      </header>
      {panelBody(store, status, edition)}
    </section>
  );
}

function panelBody(store: Store, status: string, edition: RefundEdition): ReactElement {
  switch (status) {
    case 'resolved':
      return (
        <dl className="kit-facts">
          <dt>Decision</dt>
          <dd>
            <LiveValue store={store} path="refund_decision" testId="refund-decision" />
          </dd>
          <dt>Amount</dt>
          <dd>
            <LiveValue store={store} path="refund_amount" testId="refund-amount" /> {edition.currency}
          </dd>
        </dl>
      );
    case 'need_more_info':
      return <MissingInfoForm store={store} />;
    case 'unable_to_confirm':
      return (
        <div data-testid="escalation-notice">
          <p>
            <strong>Escalated to a human agent.</strong> The facts conflict or cannot be verified; nothing is refunded
            or declined automatically.
          </p>
          <p>
            Why: <LiveValue store={store} path="escalation_reason" testId="escalation-reason" />
          </p>
        </div>
      );
    case 'tool_failure':
      return (
        <div data-testid="system-fault-notice">
          <p>
            <strong>System fault, not a refund outcome.</strong> A lookup the decision needs failed; the request is
            retried later and is not counted as approved or declined.
          </p>
          <p>
            Failure: <LiveValue store={store} path="reason" testId="fault-reason" />
          </p>
        </div>
      );
    default:
      return <p className="error">The answer's status is not part of contract {edition.contract.version}.</p>;
  }
}

/** The form the customer fills in: one input per `missing_info` item, appearing as the list streams. */
function MissingInfoForm({ store }: { store: Store }): ReactElement {
  const items = useInstantList(store, 'missing_info[*]');
  return (
    <form className="kit-missing-info" data-testid="missing-info-form" onSubmit={(event) => event.preventDefault()}>
      <p>
        <strong>We need a little more from the customer</strong> before a decision:
      </p>
      {items.length === 0 ? <p className="muted">Waiting for the list of missing information…</p> : null}
      {items.map((item) => (
        <MissingInfoInput key={item.key} store={store} path={item.path} />
      ))}
    </form>
  );
}

function MissingInfoInput({ store, path }: { store: Store; path: `missing_info[${number}]` }): ReactElement {
  const field = useInstantField(store, path);
  return (
    <label data-testid="missing-info-item" data-complete={field.isComplete}>
      <FieldText value={field.value} />
      <input type="text" disabled placeholder="the customer answers here" />
    </label>
  );
}
