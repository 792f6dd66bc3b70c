import { createResponse, type Model, type ModelResponse } from '@fieldstream/core';
import { playgroundModel } from '../api/playground-model';
import type { ScenarioOptions } from '../api/scenario-options';
import { type Preset, presetById } from '../presets/index';
import type { ScenarioSettings } from './scenario-settings';

/** A response plus the scenario id the server logs its requests under. */
export type PlaygroundResponse = { response: ModelResponse; scenario: string };

/** A way to the server other than `playgroundModel` (a provider adapter); its name prefixes scenario ids. */
export type ScenarioTransport = { name: string; model(options: ScenarioOptions, preset: Preset): Model };

let counter = 0;

/** A fresh scenario id: one per response, shared by its attempts. */
export function newScenarioId(preset: string): string {
  counter += 1;
  return `${preset}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * Creates (but does not start) a response for a preset with the chosen format, pacing and faults,
 * through `transport` or else the built-in model's OpenAI-compatible chat endpoint.
 */
export function createPlaygroundResponse(
  signal: AbortSignal,
  settings: ScenarioSettings,
  transport?: ScenarioTransport,
): PlaygroundResponse {
  const preset = presetById(settings.preset);
  const scenario = newScenarioId(transport === undefined ? preset.id : `${transport.name}-${preset.id}`);
  const options: ScenarioOptions = {
    preset: preset.id,
    format: settings.format,
    scenario,
    charsPerSecond: settings.charsPerSecond,
    chunkSize: settings.chunkSize,
    faults: settings.faults,
    live: settings.live,
  };
  const response = createResponse({
    model: transport === undefined ? playgroundModel(options) : transport.model(options, preset),
    input: preset.input,
    // Plain text has no schema: picking `text` for a structured preset asks for prose.
    output: settings.format === 'text' ? undefined : preset.output,
    format: preset.output === undefined ? 'text' : settings.format,
    maxRetries: settings.maxRetries,
    signal,
  });
  return { response, scenario };
}
