import { type Preset, presetById } from '../presets/index';
import type { ScenarioSettings } from './scenario-settings';

/** The preset an answer follows, and whether it is prose rather than fields. */
export type AnswerShape = { preset: Preset; textMode: boolean };

/** The shape of the answer the settings ask for. */
export function answerShape(settings: ScenarioSettings): AnswerShape {
  const preset = presetById(settings.preset);
  // Plain text, or `text` picked for a structured preset: the answer is prose, not fields.
  return { preset, textMode: preset.output === undefined || settings.format === 'text' };
}
