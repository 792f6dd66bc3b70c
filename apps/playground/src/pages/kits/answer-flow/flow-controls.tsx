import type { AnswerReviewPolicy } from '@fieldstream/core/kits';
import type { ReactElement } from 'react';
import { LabelledSelect } from '../../../controls/labelled-select';
import { NumberField } from '../../../controls/number-field';
import { RunForm } from '../../../controls/run-form';
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
    <RunForm
      testIds={{ form: 'flow-controls', start: 'flow-start', abort: 'flow-abort' }}
      startLabel="Run the batch"
      running={running}
      onStart={onStart}
      onAbort={onAbort}
    >
      <LabelledSelect
        label="Review policy"
        testId="flow-policy"
        value={settings.reviewPolicy}
        options={POLICIES.map((policy) => ({ value: policy, text: policy }))}
        onChange={(reviewPolicy) => set({ reviewPolicy })}
      />
      <LabelledSelect
        label="Generate calls (canInvoke)"
        testId="flow-budget"
        value={settings.generateBudget === undefined ? 'unlimited' : String(settings.generateBudget)}
        options={BUDGETS.map((budget) => ({
          value: budget === undefined ? 'unlimited' : String(budget),
          text: budget === undefined ? 'unlimited' : `at most ${budget}`,
        }))}
        onChange={(budget) => set({ generateBudget: budget === 'unlimited' ? undefined : Number(budget) })}
      />
      <label className="fault">
        <input
          type="checkbox"
          data-testid="flow-review-down"
          checked={settings.reviewDown}
          onChange={(event) => set({ reviewDown: event.target.checked })}
        />
        review desk down (review throws)
      </label>
      <NumberField
        label="Chars/s"
        testId="flow-rate"
        min={0}
        value={settings.charsPerSecond}
        onChange={(charsPerSecond) => set({ charsPerSecond })}
      />
    </RunForm>
  );
}
