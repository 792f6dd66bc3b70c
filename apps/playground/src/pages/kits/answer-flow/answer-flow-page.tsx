import type { AnswerReviewPolicy } from '@fieldstream/core/kits';
import { type ReactElement, useState } from 'react';
import { ErrorNote } from '../../../components/error-note';
import { PRODUCTS } from '../../../presets/product-descriptions';
import { FlowControls } from './flow-controls';
import { FlowItemCard } from './flow-item-card';
import { FlowStageLog } from './flow-stage-log';
import { DESCRIPTION_LIMIT, type ProductFlowSettings } from './product-flow';
import { useProductFlow } from './use-product-flow';
import '../kits.css';

const DEFAULT_FLOW_SETTINGS: ProductFlowSettings = {
  reviewPolicy: 'optional',
  generateBudget: undefined,
  reviewDown: false,
  charsPerSecond: 400,
  chunkSize: 5,
};

/** Settings from the route's query (`policy`, `budget`, `reviewDown`, `rate`), read once. */
function flowSettingsFrom(params: URLSearchParams): ProductFlowSettings {
  const policy = params.get('policy');
  const budget = Number(params.get('budget') ?? Number.NaN);
  const rate = Number(params.get('rate') ?? Number.NaN);
  return {
    ...DEFAULT_FLOW_SETTINGS,
    reviewPolicy: ['off', 'optional', 'required'].includes(policy ?? '')
      ? (policy as AnswerReviewPolicy)
      : DEFAULT_FLOW_SETTINGS.reviewPolicy,
    generateBudget: Number.isInteger(budget) && budget >= 0 ? budget : undefined,
    reviewDown: params.get('reviewDown') === '1',
    charsPerSecond: Number.isFinite(rate) && rate >= 0 ? rate : DEFAULT_FLOW_SETTINGS.charsPerSecond,
  };
}

/**
 * The answer-flow kit: six products' copy written in batches of two by the built-in model, checked
 * (length), reviewed (per policy), repaired once, and handed to a fallback when still failing.
 * Every item streams into one field store under `items.<id>`.
 */
export function AnswerFlowPage({ params }: { params: URLSearchParams }): ReactElement {
  const [settings, setSettings] = useState<ProductFlowSettings>(() => flowSettingsFrom(params));
  const run = useProductFlow();
  const resultById = new Map(run.results?.map((result) => [result.id, result]));
  const lastStage = new Map<string, string>();
  for (const observation of run.observations) {
    for (const result of observation.results) {
      lastStage.set(result.id, `${observation.stageId}: ${result.status}`);
    }
  }
  return (
    <div className="page kit-page">
      <h2>Answer flow</h2>
      <p className="muted">
        <code>defineAnswerFlow</code> with <code>maxItems: 2</code>, <code>maxRepairs: 1</code>: a check (description ≤{' '}
        {DESCRIPTION_LIMIT} characters), a review desk (rejects superlatives, cannot verify rating claims), a fallback
        that shortens what is still too long, and a <code>canInvoke</code> budget of generate calls.
      </p>
      <FlowControls
        settings={settings}
        onChange={setSettings}
        onStart={() => run.start(settings)}
        onAbort={run.abort}
        running={run.phase === 'running'}
      />
      <div className="run-status" data-testid="flow-run" data-phase={run.phase} data-scenario={run.scenario ?? ''}>
        <span className={`badge status-${run.phase === 'running' ? 'streaming' : run.phase}`} data-testid="flow-phase">
          {run.phase}
        </span>
        <span data-testid="flow-generate-calls" data-count={run.generateCalls}>
          generate calls: {run.generateCalls}
        </span>
        {run.settings === undefined ? null : (
          <span className="muted">
            policy {run.settings.reviewPolicy} · budget{' '}
            {run.settings.generateBudget === undefined ? 'unlimited' : run.settings.generateBudget}
          </span>
        )}
        {run.error === undefined ? null : <ErrorNote error={run.error} testId="flow-error" />}
        {run.failures.length === 0 ? null : (
          <ul className="error flow-failures" data-testid="flow-failures">
            {run.failures.map(({ itemId, error }) => (
              <li key={itemId} data-item={itemId} data-code={error.code}>
                {itemId}: {error.name} ({error.code}) {error.message}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="kit-items" data-testid="flow-items">
        {PRODUCTS.map((product) => (
          <FlowItemCard
            key={product.id}
            product={product}
            store={run.store}
            result={resultById.get(product.id)}
            round={run.streamingRound[product.id]}
            lastStage={lastStage.get(product.id)}
          />
        ))}
      </div>
      <FlowStageLog observations={run.observations} diagnostics={run.diagnostics} />
    </div>
  );
}
