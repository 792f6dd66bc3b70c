import type { AnswerDiagnostic } from '@fieldstream/core/kits';
import type { ReactElement } from 'react';
import type { ProductStage } from './product-flow';

/** What `observe` saw after each stage, and the run's diagnostics. */
export function FlowStageLog({
  observations,
  diagnostics,
}: {
  observations: readonly ProductStage[];
  diagnostics: readonly AnswerDiagnostic[];
}): ReactElement {
  return (
    <section className="panel">
      <h3>Stages (observe)</h3>
      {observations.length === 0 ? <p className="muted">Nothing yet.</p> : null}
      <ol className="kit-stages" data-testid="flow-stages">
        {observations.map((observation, index) => (
          // The log only grows.
          // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
          <li key={index} data-stage={observation.stageId}>
            <code>{observation.stageId}</code> ·{' '}
            {observation.results.map((result) => `${result.id} ${result.status}`).join(', ')}
          </li>
        ))}
      </ol>
      {diagnostics.length > 0 ? (
        <ul className="kit-violations" data-testid="flow-diagnostics">
          {diagnostics.map((diagnostic, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: append-only list
            <li key={index}>
              <code>{diagnostic.code}</code> at {diagnostic.stageId}: {diagnostic.message}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
