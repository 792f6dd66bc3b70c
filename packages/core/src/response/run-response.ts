import { streamParserFor } from '../formats/create-stream-parser';
import { resolveFormat } from '../formats/resolve-format';
import { buildPrompt, promptMessages } from '../prompt/build-prompt';
import type { PromptParts } from '../prompt/prompt-parts';
import type { Model, ModelRequest } from '../providers/model';
import type { OutputContractCheck } from '../providers/output-contract/validate-output-contract';
import type { OutputDefinition } from '../schema/define-output';
import type { FormatName } from '../schema/select-format';
import type { OutputTool, ToolDefinition } from '../tools/tool-definition';
import type { AttemptFailure, Rejection } from './attempt-failure';
import { type AttemptOutcome, streamAttempt } from './attempt-stream';
import type { LogEvent } from './event-log';
import type { ObservationEvent } from './observation-events';
import type { Settlement } from './response-core';
import { type ResponseFormat, type ResponsePlan, requirementsFor } from './response-prompt';
import { type ResolvedRetryPolicy, retryDelayMs, waitBeforeRetry } from './retry-policy';
import type { FieldValidators } from './validation/field-validator';
import { type ValidateDataOptions, validateData } from './validation/run-validation';
import type { Validator } from './validation/validator';

/**
 * What the attempt loop needs. It reports only through `emit` (the response's event log, from
 * which the response derives its status, text and meta) and `observe` (the observation log).
 */
export type RunContext = {
  model: Model;
  input: unknown;
  system: string | undefined;
  output: OutputDefinition | undefined;
  maxDepth: number | undefined;
  /** The format asked for, and the first attempt's, resolved once. */
  format: ResponseFormat;
  maxRetries: number;
  /** How long to wait before re-sending after a transport failure. */
  retry: ResolvedRetryPolicy;
  raiseEnsureFailure: boolean;
  ensureAllKeys: boolean;
  plan: ResponsePlan | undefined;
  /** Tools the model may call, and the output tool (`createResponse` options), sent on every request. */
  tools?: readonly ToolDefinition[] | undefined;
  outputTool?: OutputTool | undefined;
  /** Checks a final text against `plan` (loaded with it, only when there is one). */
  checkContract: ((text: string) => OutputContractCheck) | undefined;
  validators: readonly Validator<never>[];
  /** `validateField`: field validators by path. */
  validateField: FieldValidators | undefined;
  /** Judge fields as they close and stop the attempt on a rejection (`earlyValidation`). */
  earlyValidation: boolean;
  /** The prompt parts of the next attempt (validators may rewrite them). */
  parts: PromptParts;
  /** The settings of the next attempt (validators may rewrite them). */
  settings: Record<string, unknown>;
  signal: AbortSignal;
  emit(event: LogEvent): void;
  observe(event: ObservationEvent): void;
};

/**
 * The attempt loop (docs/architecture.md §4): stream an attempt, validate it, and retry with a correction
 * while the one shared budget (`maxRetries`) lasts. Parse failures of an `auto` format switch the
 * retry to `json`. Never rejects: the outcome is a {@link Settlement}.
 */
export async function runResponse(context: RunContext): Promise<Settlement> {
  const { emit, observe, signal } = context;
  let format = context.format.first;
  // Field checks load on demand, beside the first request, for a response with something to check.
  const fields =
    context.output !== undefined || context.validateField !== undefined
      ? import('./field-checks').then((module) => module.fieldChecksFor(context))
      : undefined;
  emit({ type: 'attempt', attempt: 0, format: format.name });
  for (let attempt = 0; ; attempt++) {
    if (signal.aborted) return { kind: 'aborted' };
    emit({ type: 'status', attempt, status: 'streaming' });
    const prompt = buildPrompt(context.parts);
    const request: ModelRequest = {
      prompt,
      messages: promptMessages(prompt, context.system),
      format: format.name,
      attempt,
      settings: Object.freeze({ ...context.settings }),
    };
    if (context.plan?.providerResponseFormat !== undefined)
      request.responseFormat = context.plan.providerResponseFormat;
    if (context.tools !== undefined) request.tools = context.tools;
    if (context.outputTool !== undefined) request.outputTool = context.outputTool;
    observe({ type: 'model.requesting', attempt, format: format.name, prompt });
    const { output, maxDepth } = context;
    const resolved = format;
    const fieldChecks = fields?.then((checksFor) => checksFor(attempt));
    const outcome = await streamAttempt({
      model: context.model,
      request,
      signal,
      format: format.name,
      maxDepth,
      createParser: (onText) => streamParserFor(resolved, { output, maxDepth, onText }),
      emit,
      fieldChecks,
    });
    if (outcome.kind === 'aborted' || signal.aborted) return { kind: 'aborted' };

    let failure: AttemptFailure | undefined;
    if (outcome.kind === 'stream_failed') {
      observe({ type: 'model.request_failed', attempt, error: outcome.error });
      const { error, retryable } = outcome;
      failure = { retryReason: 'request_failed', retryable, error, reason: error.message };
    } else {
      let rejection: Rejection;
      if (outcome.kind === 'field_rejected') rejection = { stage: 'field', rejection: outcome.rejection };
      else {
        observe({ type: 'model.completed', attempt, text: outcome.text });
        emit({ type: 'status', attempt, status: 'validating' });
        const checked = await checkAttempt(context, outcome, { attempt, prompt, format: format.name }, fieldChecks);
        if (signal.aborted) return { kind: 'aborted' };
        if (checked.stage === 'done') return settleDone(context, attempt, checked.data, true);
        rejection = checked;
      }
      // Only a rejected answer needs its errors, observations and correction wording, so they
      // load on demand (decision 0013); nothing more is emitted if the response aborts meanwhile.
      const rejected = await import('./attempt-failure');
      if (signal.aborted) return { kind: 'aborted' };
      failure = rejected.rejectAttempt(rejection, outcome.text, attempt, observe);
    }

    if (!failure.raiseNow && failure.retryable && attempt < context.maxRetries) {
      if (failure.correction !== undefined) context.parts.correction = failure.correction;
      if (failure.retryReason === 'parse_failed' && context.format.requested === 'auto' && format.name !== 'json') {
        format = resolveFormat('json', 'json', context.output, undefined, 'createResponse options.format');
        Object.assign(context.parts, await requirementsFor(format, context.output, context.plan));
      }
      // Transport failures back off (and honour Retry-After); a bad answer is asked again at once.
      const delayMs =
        failure.retryReason === 'request_failed' ? retryDelayMs(context.retry, attempt + 1, failure.error) : 0;
      observe({
        type: 'model.retrying',
        attempt: attempt + 1,
        retry_count: attempt + 1,
        format: format.name,
        retry_reason: failure.retryReason,
        validator_name: failure.validatorName,
        validation_reason: failure.reason,
        validation_payload: failure.payload,
        delay_ms: delayMs,
        path: failure.path,
      });
      emit({
        type: 'status',
        attempt,
        status: 'retrying',
        retryDelayMs: delayMs,
        reason: failure.retryReason,
        message: failure.reason,
        path: failure.path,
      });
      if (!(await waitBeforeRetry(delayMs, signal))) return { kind: 'aborted' };
      emit({ type: 'attempt', attempt: attempt + 1, format: format.name, reason: failure.retryReason });
      continue;
    }
    if (failure.hasData && !failure.raiseNow && !context.raiseEnsureFailure)
      return settleDone(context, attempt, failure.data, false);
    const { error, thrown = error } = failure;
    const requestFailed = failure.retryReason === 'request_failed';
    emit(requestFailed ? { type: 'error', attempt, error, requestFailed } : { type: 'error', attempt, error });
    emit({ type: 'status', attempt, status: 'error' });
    observe({ type: 'model.failed', attempt, error: thrown });
    return { kind: 'error', error: thrown, requestFailed };
  }
}

/** The attempt's data is the response's: its `final`, status `done`, and `model.done`. */
function settleDone(context: RunContext, attempt: number, data: unknown, validated: boolean): Settlement {
  context.emit({ type: 'final', attempt, data });
  context.emit({ type: 'status', attempt, status: 'done' });
  context.observe({ type: 'model.done', attempt, validated });
  return { kind: 'done', data };
}

type Checked = { stage: 'done'; data: unknown } | Rejection;

/**
 * The last validation stage, the output's own Standard Schema validator: loaded (a dynamic import)
 * only for an output that has one, so a response without one does not bundle it.
 */
async function schemaStage(output: OutputDefinition | undefined, data: unknown) {
  if (output?.standard === undefined) return { ok: true as const, data };
  const stage = await import('./validation/standard-schema-stage');
  return stage.validateWithSchema(output, data);
}

/** Steps 1–4 of the pipeline on a finished attempt, after the output contract. */
async function checkAttempt(
  context: RunContext,
  outcome: Extract<AttemptOutcome, { kind: 'finished' }>,
  { attempt, prompt, format }: { attempt: number; prompt: string; format: FormatName },
  fieldChecks: ValidateDataOptions['fieldChecks'],
): Promise<Checked> {
  const { text, final } = outcome;
  if (context.plan?.requiresValidJson === true) {
    const check = context.checkContract?.(text);
    if (check !== undefined && !check.ok) return { stage: 'output_contract', diagnostic: check.diagnostic };
  }
  if (final === undefined) return { stage: 'parse', error: outcome.parseError, format };
  context.emit({ type: 'parsed', attempt, format: final.format, repaired: final.repaired });
  const data = final.value;
  const failure = await validateData(data, {
    output: context.output,
    ensureAllKeys: context.ensureAllKeys,
    validators: context.validators,
    fieldChecks,
    context: {
      attemptIndex: attempt,
      retryCount: attempt,
      maxRetries: context.maxRetries,
      prompt: context.parts,
      promptText: prompt,
      settings: context.settings,
      input: context.input,
      data,
      text,
      format: final.format,
    },
  });
  if (failure !== undefined) return { stage: 'data', failure, data };
  const schema = await schemaStage(context.output, data);
  return schema.ok ? { stage: 'done', data: schema.data } : { stage: 'data', failure: schema.failure, data };
}
