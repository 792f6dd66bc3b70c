import { createResponse, type ModelResponse } from '@fieldstream/core';
import { playgroundModel } from '../api/playground-model';
import { presetById } from '../presets/index';
import type { ScenarioSettings } from './scenario-settings';

/** A response plus the scenario id the server logs its requests under. */
export type PlaygroundResponse = { response: ModelResponse; scenario: string };

let counter = 0;

/** A fresh scenario id: one per response, shared by its attempts. */
export function newScenarioId(preset: string): string {
  counter += 1;
  return `${preset}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

/** Creates (but does not start) a response for a preset with the chosen format, pacing and faults. */
export function createPlaygroundResponse(signal: AbortSignal, settings: ScenarioSettings): PlaygroundResponse {
  const preset = presetById(settings.preset);
  const scenario = newScenarioId(preset.id);
  const response = createResponse({
    model: playgroundModel({
      preset: preset.id,
      format: settings.format,
      scenario,
      charsPerSecond: settings.charsPerSecond,
      chunkSize: settings.chunkSize,
      faults: settings.faults,
      live: settings.live,
    }),
    input: preset.input,
    // Plain text has no schema: picking `text` for a structured preset asks for prose.
    output: settings.format === 'text' ? undefined : preset.output,
    format: preset.output === undefined ? 'text' : settings.format,
    maxRetries: settings.maxRetries,
    signal,
  });
  return { response, scenario };
}
