import type { AnswerReviewPolicy } from '@fieldstream/core/kits';
import type { ReactElement } from 'react';
import type { ProductFlowSettings } from './product-flow';

export type FlowControlsProps = {
  settings: ProductFlowSettings;
  onChange(settings: ProductFlowSettings): void;
  onStart(): void;
  onAbort(): void;
  running: boolean;
};

const POLICIES: readonly AnswerReviewPolicy[] = ['off', 'optional', 'required'];
const BUDGETS: readonly (number | undefined)[] = [undefined, 1, 2, 3, 4];

/** Review policy, review desk, `canInvoke` budget, pacing, Start / Abort. */
export function FlowControls({ settings, onChange, onStart, onAbort, running }: FlowControlsProps): ReactElement {
  const set = (patch: Partial<ProductFlowSettings>): void => onChange({ ...settings, ...patch });
  return (
    <form
      className="controls"
      data-testid="flow-controls"
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
      }}
    >
      <label>
        Review policy
        <select
          data-testid="flow-policy"
          value={settings.reviewPolicy}
          onChange={(event) => set({ reviewPolicy: event.target.value as AnswerReviewPolicy })}
        >
          {POLICIES.map((policy) => (
            <option key={policy} value={policy}>
              {policy}
            </option>
          ))}
        </select>
      </label>
      <label>
        Generate calls (canInvoke)
        <select
          data-testid="flow-budget"
          value={settings.generateBudget === undefined ? 'unlimited' : String(settings.generateBudget)}
          onChange={(event) =>
            set({ generateBudget: event.target.value === 'unlimited' ? undefined : Number(event.target.value) })
          }
        >
          {BUDGETS.map((budget) => (
            <option key={budget ?? 'unlimited'} value={budget ?? 'unlimited'}>
              {budget === undefined ? 'unlimited' : `at most ${budget}`}
            </option>
          ))}
        </select>
      </label>
      <label className="fault">
        <input
          type="checkbox"
          data-testid="flow-review-down"
          checked={settings.reviewDown}
          onChange={(event) => set({ reviewDown: event.target.checked })}
        />
        review desk down (review throws)
      </label>
      <label>
        Chars/s
        <input
          type="number"
          min={0}
          data-testid="flow-rate"
          value={settings.charsPerSecond}
          onChange={(event) => set({ charsPerSecond: Math.max(0, Number(event.target.value) || 0) })}
        />
      </label>
      <div className="buttons">
        <button type="submit" data-testid="flow-start">
          Run the batch
        </button>
        <button type="button" data-testid="flow-abort" disabled={!running} onClick={onAbort}>
          Abort
        </button>
      </div>
    </form>
  );
}
