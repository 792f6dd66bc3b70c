import { incidentPreset } from './incident';
import { invoicePreset } from './invoice';
import { kitPresets } from './kit-presets';
import { largeReportPreset } from './large-report';
import { legacyNotesPreset } from './legacy-notes';
import { lessonPreset } from './lesson';
import { netlistPreset } from './netlist';
import { plainTextPreset } from './plain-text';
import type { Preset } from './preset';
import { runbookPreset } from './runbook';
import { xssCorpusPreset } from './xss-corpus';

export {
  type AnswerPlan,
  type AnswerPlanRequest,
  MALFORMED_ANSWER,
  planAnswer,
  requiredFieldOf,
  resolvePresetFormat,
} from './plan-answer';
export { FAULT_NAMES, type FaultName, type Preset, type RecordedAnswer } from './preset';
export { expectedData, renderAnswer } from './render-answer';
export { XSS_CORPUS } from './xss-corpus';

/** Every preset, in picker order. */
export const presets: readonly Preset[] = [
  incidentPreset,
  invoicePreset,
  netlistPreset,
  lessonPreset,
  runbookPreset,
  legacyNotesPreset,
  plainTextPreset,
  xssCorpusPreset,
  largeReportPreset,
  ...kitPresets,
];

/** The preset with `id`, or the first preset when there is none. */
export function presetById(id: string | null | undefined): Preset {
  return presets.find((preset) => preset.id === id) ?? (presets[0] as Preset);
}
