import type { ReactElement } from 'react';
import { REFUND_EDITION_IDS, REFUND_EDITIONS } from '../../../contracts/refund-editions';
import { bindSettings } from '../../../controls/bind-settings';
import { LabelledSelect, plainOptions } from '../../../controls/labelled-select';
import { NumberField } from '../../../controls/number-field';
import { RunForm, type SettingsControlsProps } from '../../../controls/run-form';
import { CONTRACT_FORMATS, REFUND_SAMPLES, type RefundRunSettings } from './refund-run';

const EDITION_OPTIONS = REFUND_EDITION_IDS.map((id) => ({ value: id, text: REFUND_EDITIONS[id].label }));
const SAMPLE_OPTIONS = REFUND_SAMPLES.map((sample) => ({ value: sample.id, text: sample.label }));

/** Contract edition (language), sample (one per status, plus the invalid one), format, pacing, Start / Abort. */
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
      <LabelledSelect
        label="Contract language"
        testId="contract-edition"
        options={EDITION_OPTIONS}
        {...bind('edition')}
      />
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
