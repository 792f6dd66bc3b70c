import type { FieldStore } from '@fieldstream/core';
import type { Contract } from '@fieldstream/core/kits';
import { useFinalData } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import type { RefundAnswer } from '../../../contracts/customer-refund';
import { REFUND_RULE_CONTEXT } from './refund-run';

/** `contract.route(final)`: what each consumer does next, once the validated data has arrived. */
export function RoutedActions({
  store,
  contract,
}: {
  store: FieldStore<RefundAnswer>;
  contract: Contract<RefundAnswer>;
}): ReactElement {
  const final = useFinalData(store);
  if (final === undefined) {
    return (
      <section className="panel">
        <h3>Routed actions</h3>
        <p className="muted" data-testid="routed-actions-pending">
          Routed once the validated final data arrives.
        </p>
      </section>
    );
  }
  const route = contract.route(final);
  const violations = contract.validate(final, REFUND_RULE_CONTEXT);
  return (
    <section className="panel" data-testid="routed-actions" data-status={route.status} data-kind={route.kind}>
      <h3>Routed actions</h3>
      <p>
        <code>route(final)</code> → <strong>{route.status}</strong> ({route.kind}): {route.meaning}
      </p>
      <ScrollRegion label="Routed actions per consumer">
        <table>
          <thead>
            <tr>
              <th>Consumer</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(route.actions).map(([consumer, action]) => (
              <tr key={consumer} data-testid="route-row" data-consumer={consumer}>
                <td>{consumer}</td>
                <td data-testid="route-action">{action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p data-testid="final-violations" data-count={violations.length}>
        {violations.length === 0
          ? `contract.validate(final): no violations (schema_version ${final.schema_version}).`
          : `contract.validate(final): ${violations.map((v) => v.message).join('; ')}`}
      </p>
    </section>
  );
}
