import type { ReactElement } from 'react';
import { LabelledSelect } from '../../../controls/labelled-select';
import { NumberField } from '../../../controls/number-field';
import { RunForm } from '../../../controls/run-form';
import { CONTRACT_FORMATS, REFUND_SAMPLES, type RefundRunSettings } from './refund-run';

export type ContractControlsProps = {
  settings: RefundRunSettings;
  onChange(settings: RefundRunSettings): void;
  onStart(): void;
  onAbort(): void;
  running: boolean;
};

/** Sample (one per status, plus the invalid one), format, pacing, Start / Abort. */
export function ContractControls({
  settings,
  onChange,
  onStart,
  onAbort,
  running,
}: ContractControlsProps): ReactElement {
  const set = (patch: Partial<RefundRunSettings>): void => onChange({ ...settings, ...patch });
  return (
    <RunForm
      testIds={{ form: 'contract-controls', start: 'contract-start', abort: 'contract-abort' }}
      startLabel="Start"
      running={running}
      onStart={onStart}
      onAbort={onAbort}
    >
      <LabelledSelect
        label="Sample answer"
        testId="contract-sample"
        value={settings.sample}
        options={REFUND_SAMPLES.map((sample) => ({ value: sample.id, text: sample.label }))}
        onChange={(sample) => set({ sample })}
      />
      <LabelledSelect
        label="Format"
        testId="contract-format"
        value={settings.format}
        options={CONTRACT_FORMATS.map((format) => ({ value: format, text: format }))}
        onChange={(format) => set({ format })}
      />
      <NumberField
        label="Chars/s"
        testId="contract-rate"
        min={0}
        value={settings.charsPerSecond}
        onChange={(charsPerSecond) => set({ charsPerSecond })}
      />
    </RunForm>
  );
}
