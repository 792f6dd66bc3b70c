import type { ModelEvent, ModelRequest } from '@fieldstream/core';
import { type ScriptedFault, scriptedModel } from '@fieldstream/core/testing';
import type { AnswerPlan } from '../src/presets/index';
import { sleep } from './sleep';

export type PacedStreamOptions = {
  /** Reasoning and answer characters per second together; 0 = as fast as the socket takes them. */
  charsPerSecond: number;
  /** Characters per event. */
  chunkSize: number;
  signal: AbortSignal;
};

/** The provider error the `provider_error` fault sends. */
export const SCRIPTED_PROVIDER_ERROR = {
  code: 'overloaded',
  message: 'The model is overloaded (scripted provider error); please retry later.',
};

/**
 * The planned answer through core's `scriptedModel` (chunking, first-token delay and faults),
 * paced against a clock here: `scriptedModel`'s per-event `delayMs` is a timer per event, which
 * cannot go below a millisecond, while 20-character events at 100 000 characters per second
 * need 0.2 ms. So events that are due go out together and the stream sleeps only when ahead.
 */
export async function* pacedModelStream(
  plan: AnswerPlan,
  request: ModelRequest,
  options: PacedStreamOptions,
): AsyncGenerator<ModelEvent> {
  const model = scriptedModel({
    answers: [plan.ending === 'done' ? plan.text.slice(0, plan.stopAt) : plan.text],
    reasoning: plan.reasoning,
    chunkSize: Math.max(1, Math.floor(options.chunkSize)),
    firstTokenDelayMs: plan.firstTokenDelayMs,
    faults: faultsOf(plan, request.attempt),
  });
  let start: number | undefined;
  let sent = 0;
  for await (const event of model(request, { signal: options.signal })) {
    if (event.type === 'text' || event.type === 'reasoning') {
      start ??= performance.now();
      if (options.charsPerSecond > 0) {
        const wait = start + (sent / options.charsPerSecond) * 1000 - performance.now();
        if (wait >= 1) await sleep(wait, options.signal);
      }
      sent += event.delta.length;
    }
    yield event;
  }
}

function faultsOf(plan: AnswerPlan, attempt: number): ScriptedFault[] {
  if (plan.ending === 'drop_connection') return [{ attempt, kind: 'drop_connection', at: plan.stopAt }];
  if (plan.ending === 'provider_error') {
    return [{ attempt, kind: 'provider_error', at: plan.stopAt, ...SCRIPTED_PROVIDER_ERROR }];
  }
  if (plan.answerFault !== undefined) return [{ attempt, kind: plan.answerFault, answer: plan.text }];
  return [];
}
