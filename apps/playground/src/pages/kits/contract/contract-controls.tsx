import type { ReactElement } from 'react';
import type { RefundSampleId } from '../../../presets/refund-contract';
import { CONTRACT_FORMATS, type ContractFormat, REFUND_SAMPLES, type RefundRunSettings } from './refund-run';

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
    <form
      className="controls"
      data-testid="contract-controls"
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
      }}
    >
      <label>
        Sample answer
        <select
          data-testid="contract-sample"
          value={settings.sample}
          onChange={(event) => set({ sample: event.target.value as RefundSampleId })}
        >
          {REFUND_SAMPLES.map((sample) => (
            <option key={sample.id} value={sample.id}>
              {sample.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Format
        <select
          data-testid="contract-format"
          value={settings.format}
          onChange={(event) => set({ format: event.target.value as ContractFormat })}
        >
          {CONTRACT_FORMATS.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </select>
      </label>
      <label>
        Chars/s
        <input
          type="number"
          min={0}
          data-testid="contract-rate"
          value={settings.charsPerSecond}
          onChange={(event) => set({ charsPerSecond: Math.max(0, Number(event.target.value) || 0) })}
        />
      </label>
      <div className="buttons">
        <button type="submit" data-testid="contract-start">
          Start
        </button>
        <button type="button" data-testid="contract-abort" disabled={!running} onClick={onAbort}>
          Abort
        </button>
      </div>
    </form>
  );
}
