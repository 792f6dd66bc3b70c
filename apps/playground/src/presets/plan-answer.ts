import { type FormatName, type FormatOption, selectFormat } from '@fieldstream/core';
import type { FaultName, Preset } from './preset';
import { renderAnswer } from './render-answer';

/** What the built-in model is asked to play for one request. */
export type AnswerPlanRequest = {
  preset: Preset;
  /** The format the client asked for (`auto` resolves by the schema). */
  format: FormatOption;
  /** 0 for the first attempt of a response, then 1, 2, … */
  attempt: number;
  faults: readonly FaultName[];
  /** Delay before the first token when `slow_first_token` is on (default 1 500 ms). */
  slowFirstTokenMs?: number;
};

/** What the server streams for one request. */
export type AnswerPlan = {
  /** The format the answer is written in. */
  format: FormatName;
  /** The answer text (with any `<think>` prefix). */
  text: string;
  /** Reasoning for the provider's reasoning channel, streamed before the text. */
  reasoning: string;
  /** Wait this long before the first token. */
  firstTokenDelayMs: number;
  /** Stop after this many characters of `text` and then… */
  stopAt: number;
  /** …end cleanly, destroy the socket, or send a provider error object. */
  ending: 'done' | 'drop_connection' | 'provider_error';
  /** Set when `text` is a faulty answer (the fault a retry recovers from). */
  answerFault: 'malformed' | 'missing_field' | undefined;
};

/** The format a preset is answered in for a requested option: `auto` by the schema's shape. */
export function resolvePresetFormat(preset: Preset, format: FormatOption): FormatName {
  if (preset.output === undefined) return 'text';
  return format === 'auto' ? selectFormat(preset.output) : format;
}

/**
 * Decides the answer for one request. Answer faults (malformed, missing field, truncated) and
 * connection faults hit attempt 0 only, so a retry receives the good answer.
 */
export function planAnswer(request: AnswerPlanRequest): AnswerPlan {
  const { preset, attempt, faults } = request;
  const first = attempt === 0;
  const has = (fault: FaultName): boolean => faults.includes(fault);
  let format = resolvePresetFormat(preset, request.format);
  // docs/formats.md §8: when the auto-chosen format failed to parse, the retry asks for json.
  if (!first && request.format === 'auto' && has('malformed') && preset.output !== undefined) format = 'json';

  let text = answerText(preset, format, preset.data);
  let answerFault: AnswerPlan['answerFault'];
  if (first && has('malformed')) {
    text = MALFORMED_ANSWER;
    answerFault = 'malformed';
  } else if (first && has('missing_field') && requiredFieldOf(preset) !== undefined) {
    text = answerText(preset, format, withoutRequiredField(preset));
    answerFault = 'missing_field';
  }

  let stopAt = text.length;
  let ending: AnswerPlan['ending'] = 'done';
  if (first && has('truncated')) stopAt = Math.floor(text.length * 0.7);
  if (first && has('drop_connection')) {
    stopAt = Math.floor(text.length * 0.5);
    ending = 'drop_connection';
  } else if (first && has('provider_error')) {
    stopAt = Math.floor(text.length * 0.5);
    ending = 'provider_error';
  }
  return {
    format,
    text,
    reasoning: preset.providerReasoning ?? '',
    firstTokenDelayMs: has('slow_first_token') ? (request.slowFirstTokenMs ?? 1500) : 0,
    stopAt,
    ending,
    answerFault,
  };
}

/** No braces, no headers, no markers: nothing any format (or the JSON fallback) can parse. */
export const MALFORMED_ANSWER =
  'Sorry, the structured answer got garbled on the way: status unclear, severity unknown; please ask again.';

function answerText(preset: Preset, format: FormatName, data: unknown): string {
  if (format === preset.recorded.format && data === preset.data) return preset.recorded.text;
  const think = /^\s*<think>[\s\S]*?<\/think>\s*/i.exec(preset.recorded.text)?.[0] ?? '';
  const body = renderAnswer(data, format, preset.output);
  return format === 'text' ? body : think + body;
}

/** The preset's data without its first required (`not_null`) top-level field. */
function withoutRequiredField(preset: Preset): unknown {
  const data = preset.data;
  const required = requiredFieldOf(preset);
  if (required === undefined || data === null || typeof data !== 'object') return data;
  const { [required]: _omitted, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** The first required top-level field, which the `missing_field` fault omits. */
export function requiredFieldOf(preset: Preset): string | undefined {
  if (preset.output === undefined) return undefined;
  return Object.entries(preset.output.ensureKeys).find(
    ([path, level]) => level === 'not_null' && /^[A-Za-z_]\w*$/.test(path),
  )?.[0];
}
