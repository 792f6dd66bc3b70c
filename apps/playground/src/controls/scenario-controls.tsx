import type { FormatOption } from '@fieldstream/core';
import type { ReactElement } from 'react';
import { FORMAT_OPTIONS } from '../api/scenario-options';
import { FAULT_NAMES, type FaultName, presetById, presets, resolvePresetFormat } from '../presets/index';
import type { ScenarioSettings } from '../run/scenario-settings';
import { useServerConfig } from './use-server-config';

export type ScenarioControlsProps = {
  settings: ScenarioSettings;
  onChange(settings: ScenarioSettings): void;
  onStart(): void;
  onAbort(): void;
  /** A response is streaming (Abort is enabled). */
  running: boolean;
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
  onStart,
  onAbort,
  running,
  fixedPreset = false,
}: ScenarioControlsProps): ReactElement {
  const config = useServerConfig();
  const preset = presetById(settings.preset);
  const textOnly = preset.output === undefined;
  const set = (patch: Partial<ScenarioSettings>): void => onChange({ ...settings, ...patch });
  const toggleFault = (fault: FaultName, on: boolean): void =>
    set({ faults: on ? [...settings.faults, fault] : settings.faults.filter((f) => f !== fault) });

  return (
    <form
      className="controls"
      data-testid="scenario-controls"
      // The inputs clamp their own values; native validation would silently block Start.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onStart();
      }}
    >
      {fixedPreset ? null : (
        <label>
          Preset
          <select
            data-testid="preset-select"
            value={settings.preset}
            onChange={(event) => {
              const next = presetById(event.target.value);
              set({ preset: next.id, format: next.format });
            }}
          >
            {presets.map((option) => (
              <option key={option.id} value={option.id}>
                {option.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <label>
        Format
        <select
          data-testid="format-select"
          value={textOnly ? 'text' : settings.format}
          disabled={textOnly}
          onChange={(event) => set({ format: event.target.value as FormatOption })}
        >
          {FORMAT_OPTIONS.map((format) => (
            <option key={format} value={format}>
              {format === 'auto' && !textOnly ? `auto (→ ${resolvePresetFormat(preset, 'auto')})` : format}
            </option>
          ))}
        </select>
      </label>
      <label>
        Chars/s
        <input
          data-testid="rate-input"
          type="number"
          min={0}
          step="any"
          value={settings.charsPerSecond}
          onChange={(event) => set({ charsPerSecond: Math.max(0, Number(event.target.value) || 0) })}
        />
      </label>
      <label>
        Chunk
        <input
          data-testid="chunk-input"
          type="number"
          min={1}
          value={settings.chunkSize}
          onChange={(event) => set({ chunkSize: Math.max(1, Number(event.target.value) || 1) })}
        />
      </label>
      <label>
        Retries
        <input
          data-testid="retries-input"
          type="number"
          min={0}
          max={5}
          value={settings.maxRetries}
          onChange={(event) => set({ maxRetries: Math.max(0, Math.min(5, Number(event.target.value) || 0)) })}
        />
      </label>
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
      <div className="buttons">
        <button type="submit" data-testid="start-button">
          Start
        </button>
        <button type="button" data-testid="abort-button" disabled={!running} onClick={onAbort}>
          Abort
        </button>
      </div>
    </form>
  );
}
