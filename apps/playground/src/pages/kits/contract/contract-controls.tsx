import type { ReactElement } from 'react';
import { bindSettings } from '../../../controls/bind-settings';
import { LabelledSelect, plainOptions } from '../../../controls/labelled-select';
import { NumberField } from '../../../controls/number-field';
import { RunForm, type SettingsControlsProps } from '../../../controls/run-form';
import { CONTRACT_FORMATS, REFUND_SAMPLES, type RefundRunSettings } from './refund-run';

const SAMPLE_OPTIONS = REFUND_SAMPLES.map((sample) => ({ value: sample.id, text: sample.label }));

/** Sample (one per status, plus the invalid one), format, pacing, Start / Abort. */
export function ContractControls({
  settings,
  onChange,
  ...run
}: SettingsControlsProps<RefundRunSettings>): ReactElement {
  const bind = bindSettings(settings, onChange);
  return (
    <RunForm
      testIds={{ form: 'contract-controls', start: 'contract-start', abort: 'contract-abort' }}
      startLabel="Start"
      {...run}
    >
      <LabelledSelect label="Sample answer" testId="contract-sample" options={SAMPLE_OPTIONS} {...bind('sample')} />
      <LabelledSelect
        label="Format"
        testId="contract-format"
        options={plainOptions(CONTRACT_FORMATS)}
        {...bind('format')}
      />
      <NumberField label="Chars/s" testId="contract-rate" min={0} {...bind('charsPerSecond')} />
    </RunForm>
  );
}
