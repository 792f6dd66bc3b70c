import type { FormatOption } from '@fieldstream/core';
import { FORMAT_OPTIONS } from '../api/scenario-options';
import { FAULT_NAMES, type FaultName, presetById } from '../presets/index';

/** What the controls choose for the next run. */
export type ScenarioSettings = {
  preset: string;
  format: FormatOption;
  /** Answer characters per second (0: as fast as possible). */
  charsPerSecond: number;
  chunkSize: number;
  faults: FaultName[];
  /** `createResponse`'s shared retry budget. */
  maxRetries: number;
  /** Proxy to the real endpoint configured on the server. */
  live: boolean;
};

export const DEFAULT_SETTINGS: ScenarioSettings = {
  preset: 'incident',
  format: 'json',
  charsPerSecond: 600,
  chunkSize: 6,
  faults: [],
  maxRetries: 2,
  live: false,
};

/** Settings from a route's query (`preset`, `format`, `rate`, `chunk`, `faults`, `retries`, `live`). */
export function settingsFromParams(
  params: URLSearchParams,
  base: ScenarioSettings = DEFAULT_SETTINGS,
): ScenarioSettings {
  const preset = presetById(params.get('preset') ?? base.preset);
  const format = params.get('format');
  const faults = (params.get('faults') ?? '')
    .split(',')
    .filter((fault): fault is FaultName => FAULT_NAMES.includes(fault as FaultName));
  return {
    preset: preset.id,
    format: FORMAT_OPTIONS.includes(format as FormatOption)
      ? (format as FormatOption)
      : params.has('preset')
        ? preset.format
        : base.format,
    charsPerSecond: numberParam(params.get('rate'), base.charsPerSecond, 0),
    chunkSize: numberParam(params.get('chunk'), base.chunkSize, 1),
    faults: params.has('faults') ? faults : base.faults,
    maxRetries: numberParam(params.get('retries'), base.maxRetries, 0),
    live: params.has('live') ? params.get('live') === '1' : base.live,
  };
}

export function settingsToParams(settings: ScenarioSettings): URLSearchParams {
  const params = new URLSearchParams({
    preset: settings.preset,
    format: settings.format,
    rate: String(settings.charsPerSecond),
    chunk: String(settings.chunkSize),
    retries: String(settings.maxRetries),
  });
  if (settings.faults.length > 0) params.set('faults', settings.faults.join(','));
  if (settings.live) params.set('live', '1');
  return params;
}

function numberParam(raw: string | null, fallback: number, min: number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min ? value : fallback;
}
