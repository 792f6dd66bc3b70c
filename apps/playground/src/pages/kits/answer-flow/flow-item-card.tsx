import type { FieldStore } from '@fieldstream/core';
import type { AnswerResult } from '@fieldstream/core/kits';
import { useInstantField } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { ScrollRegion } from '../../../components/scroll-region';
import type { Product, ProductCopy } from '../../../presets/product-descriptions';
import { LiveValue } from '../live-value';
import { DESCRIPTION_LIMIT } from './product-flow';
import type { ProductBatch } from './use-product-flow';

export type FlowItemCardProps = {
  product: Product;
  store: FieldStore<ProductBatch>;
  result: AnswerResult<Product, ProductCopy> | undefined;
  /** The round of the answer now streaming or shown; `undefined` before the item's first call. */
  round: number | undefined;
  /** The item's latest stage as `observe` reported it, e.g. `round 0 check: failed`. */
  lastStage: string | undefined;
};

/** One item of the batch: its answer streaming under `items.<id>`, then its result, checks and issues. */
export function FlowItemCard({ product, store, result, round, lastStage }: FlowItemCardProps): ReactElement {
  const base = `items.${product.id}` as const;
  const description = useInstantField(store, `${base}.description`);
  const length = typeof description.value === 'string' ? description.value.length : 0;
  const rounds = result?.checks.filter((check) => check.stage === 'generate' && check.status === 'passed').length;
  const status = result?.status ?? 'pending';
  const label = result?.status ?? lastStage ?? (round === undefined ? 'waiting' : `round ${round} streaming`);
  return (
    <article
      className={`panel kit-item item-${status}`}
      data-testid={`flow-item-${product.id}`}
      data-status={status}
      data-rounds={rounds ?? ''}
    >
      <header>
        <h3>
          {product.id} · {product.name}
        </h3>
        <span className={`kit-item-status status-${status}`} data-testid="item-status">
          {label}
        </span>
      </header>
      <p className="muted kit-facts-line">{product.facts}</p>
      {round === undefined ? null : <p className="muted">round {round} answer</p>}
      <p className="kit-headline">
        <LiveValue store={store} path={`${base}.headline`} testId="item-headline" placeholder="" />
      </p>
      <p>
        <LiveValue store={store} path={`${base}.description`} testId="item-description" placeholder="" />
      </p>
      <p className={length > DESCRIPTION_LIMIT ? 'error' : 'muted'} data-testid="item-length">
        {length} / {DESCRIPTION_LIMIT} characters
      </p>
      {result === undefined ? null : <ItemResult result={result} />}
    </article>
  );
}

function ItemResult({ result }: { result: AnswerResult<Product, ProductCopy> }): ReactElement {
  return (
    <div className="kit-item-result">
      <ScrollRegion label={`Checks of ${result.id}`}>
        <table>
          <thead>
            <tr>
              <th>Round</th>
              <th>Stage</th>
              <th>Status</th>
              <th>Issues</th>
            </tr>
          </thead>
          <tbody>
            {result.checks.map((check, index) => (
              <tr
                // Checks are an append-only record of one finished item.
                // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
                key={index}
                data-testid="item-check"
                data-stage={check.stage}
                data-round={check.round}
                data-status={check.status}
              >
                <td>{check.round}</td>
                <td>{check.stage}</td>
                <td>{check.status}</td>
                <td>{check.issues.map((issue) => `${issue.code}: ${issue.message}`).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {result.issues.length > 0 ? (
        <ul className="kit-violations" data-testid="item-issues">
          {result.issues.map((issue) => (
            <li key={`${issue.code}:${issue.message}`} data-code={issue.code}>
              <code>{issue.code}</code> {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
      {result.status === 'recovered' && result.value !== undefined ? (
        <p data-testid="item-fallback-value">
          Fallback value: <em>{result.value.description}</em>
        </p>
      ) : null}
    </div>
  );
}
