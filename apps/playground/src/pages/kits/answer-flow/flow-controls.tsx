import type { AnswerReviewPolicy } from '@fieldstream/core/kits';
import type { ReactElement } from 'react';
import { bindSettings } from '../../../controls/bind-settings';
import { LabelledSelect, plainOptions } from '../../../controls/labelled-select';
import { NumberField } from '../../../controls/number-field';
import { RunForm, type SettingsControlsProps } from '../../../controls/run-form';
import type { ProductFlowSettings } from './product-flow';

const POLICIES: readonly AnswerReviewPolicy[] = ['off', 'optional', 'required'];
const BUDGETS: readonly (number | undefined)[] = [undefined, 1, 2, 3, 4];
const BUDGET_OPTIONS = BUDGETS.map((budget) => ({
  value: budget === undefined ? 'unlimited' : String(budget),
  text: budget === undefined ? 'unlimited' : `at most ${budget}`,
}));

/** Review policy, review desk, `canInvoke` budget, pacing, Start / Abort. */
export function FlowControls({ settings, onChange, ...run }: SettingsControlsProps<ProductFlowSettings>): ReactElement {
  const bind = bindSettings(settings, onChange);
  return (
    <RunForm
      testIds={{ form: 'flow-controls', start: 'flow-start', abort: 'flow-abort' }}
      startLabel="Run the batch"
      {...run}
    >
      <LabelledSelect
        label="Review policy"
        testId="flow-policy"
        options={plainOptions(POLICIES)}
        {...bind('reviewPolicy')}
      />
      <LabelledSelect
        label="Generate calls (canInvoke)"
        testId="flow-budget"
        value={settings.generateBudget === undefined ? 'unlimited' : String(settings.generateBudget)}
        options={BUDGET_OPTIONS}
        onChange={(budget) =>
          onChange({ ...settings, generateBudget: budget === 'unlimited' ? undefined : Number(budget) })
        }
      />
      <label className="fault">
        <input
          type="checkbox"
          data-testid="flow-review-down"
          checked={settings.reviewDown}
          onChange={(event) => onChange({ ...settings, reviewDown: event.target.checked })}
        />
        review desk down (review throws)
      </label>
      <NumberField label="Chars/s" testId="flow-rate" min={0} {...bind('charsPerSecond')} />
    </RunForm>
  );
}
