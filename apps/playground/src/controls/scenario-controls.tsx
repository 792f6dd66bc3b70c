import type { ReactElement } from 'react';
import { FORMAT_OPTIONS } from '../api/scenario-options';
import { FAULT_NAMES, type FaultName, presetById, presets, resolvePresetFormat } from '../presets/index';
import type { ScenarioSettings } from '../run/scenario-settings';
import { bindSettings } from './bind-settings';
import { LabelledSelect } from './labelled-select';
import { NumberField } from './number-field';
import { RunForm, type SettingsControlsProps } from './run-form';
import { useServerConfig } from './use-server-config';

export type ScenarioControlsProps = SettingsControlsProps<ScenarioSettings> & {
  /** Hide the preset picker (the dashboard tiles have fixed presets). */
  fixedPreset?: boolean;
};

const FAULT_LABELS: Record<FaultName, string> = {
  malformed: 'malformed output',
  missing_field: 'missing required field',
  truncated: 'truncated answer',
  drop_connection: 'drop connection',
  provider_error: 'provider error',
  slow_first_token: 'slow first token',
  rate_limited: 'rate limited (429, Retry-After: 1)',
};

/** Preset, format, pacing, retries and fault switches, plus Start / Abort. */
export function ScenarioControls({
  settings,
  onChange,
  fixedPreset = false,
  ...run
}: ScenarioControlsProps): ReactElement {
  const config = useServerConfig();
  const preset = presetById(settings.preset);
  const textOnly = preset.output === undefined;
  const set = (patch: Partial<ScenarioSettings>): void => onChange({ ...settings, ...patch });
  const bind = bindSettings(settings, onChange);
  const toggleFault = (fault: FaultName, on: boolean): void =>
    set({ faults: on ? [...settings.faults, fault] : settings.faults.filter((f) => f !== fault) });

  return (
    <RunForm
      testIds={{ form: 'scenario-controls', start: 'start-button', abort: 'abort-button' }}
      startLabel="Start"
      {...run}
      // The inputs clamp their own values; native validation would silently block Start.
      noValidate
    >
      {fixedPreset ? null : (
        <LabelledSelect
          label="Preset"
          testId="preset-select"
          value={settings.preset}
          options={presets.map((option) => ({ value: option.id, text: option.title }))}
          onChange={(id) => {
            const next = presetById(id);
            set({ preset: next.id, format: next.format });
          }}
        />
      )}
      <LabelledSelect
        label="Format"
        testId="format-select"
        value={textOnly ? 'text' : settings.format}
        disabled={textOnly}
        options={FORMAT_OPTIONS.map((format) => ({
          value: format,
          text: format === 'auto' && !textOnly ? `auto (→ ${resolvePresetFormat(preset, 'auto')})` : format,
        }))}
        onChange={(format) => set({ format })}
      />
      <NumberField label="Chars/s" testId="rate-input" min={0} step="any" {...bind('charsPerSecond')} />
      <NumberField label="Chunk" testId="chunk-input" min={1} {...bind('chunkSize')} />
      <NumberField label="Retries" testId="retries-input" min={0} max={5} {...bind('maxRetries')} />
      <fieldset className="faults">
        <legend>Faults</legend>
        {FAULT_NAMES.map((fault) => (
          <label key={fault} className="fault">
            <input
              type="checkbox"
              data-testid={`fault-${fault}`}
              checked={settings.faults.includes(fault)}
              onChange={(event) => toggleFault(fault, event.target.checked)}
            />
            {FAULT_LABELS[fault]}
          </label>
        ))}
      </fieldset>
      {config?.liveAvailable ? (
        <label className="live">
          <input
            type="checkbox"
            data-testid="live-toggle"
            checked={settings.live}
            onChange={(event) => set({ live: event.target.checked })}
          />
          real model ({config.liveModel})
        </label>
      ) : null}
    </RunForm>
  );
}
