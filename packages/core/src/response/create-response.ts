import { FieldstreamError } from '../errors/errors';
import { type OutputDefinition, resolveOutput } from '../schema/define-output';
import { checkResponseOptions, checkValidator } from './check-response-options';
import { createResponseCore, type ResponseSink, type Settlement, type StreamedResponse } from './response-core';
import { DEFAULT_MAX_DEPTH } from './response-limits';
import type { CreateResponseOptions } from './response-options';
import { initialParts, requirementsFor, resolveResponseFormat } from './response-prompt';
import { resolveRetryPolicy } from './retry-policy';
import { runResponse } from './run-response';
import type { Validator } from './validation/validator';
import { validatorList } from './validation/validator-list';

/** One model response in this page: a {@link StreamedResponse} whose events come from the model and the parser. */
export type ModelResponse<Data = unknown, Input = unknown> = StreamedResponse<Data, Input> & {
  /** Registers a validator; runs before the per-call ones. Only before the response starts. */
  validate(validator: Validator<Data>): ModelResponse<Data, Input>;
};

/**
 * Creates a model response (docs/architecture.md §4–§5). Nothing is requested until a consumer
 * starts it: `instant()`, `deltas()`, `getData()`, `getText()`, `getMeta()` or `start()`. The
 * model's stream is parsed once per attempt however many consumers read it.
 */
export function createResponse<Data = unknown, Input = unknown>(
  options: CreateResponseOptions<Data, Input>,
): ModelResponse<Data, Input> {
  checkResponseOptions(options);
  const output = resolveOutput(options.output) as OutputDefinition | undefined;
  // The format is resolved once, here: a format named (or picked by auto) but not available fails
  // now, not later inside a stream.
  // Output through a tool is a JSON answer (its tool options are checked when the response starts).
  const format = resolveResponseFormat(options.outputTool ? { ...options, format: 'json' } : options, output);
  const chain: Validator<Data>[] = [];

  const run = async (sink: ResponseSink): Promise<Settlement> => {
    const { responseFormat } = options;
    // Loaded only for a response with tools (decision 0013); a bad tool option fails it before any request.
    const toolOptions = options.tools || options.outputTool ? await import('./response-tools') : undefined;
    const tools = toolOptions ? toolOptions.resolveResponseTools(options, output) : {};
    const contract = responseFormat ? await import('./output-contract-stage') : undefined;
    const plan =
      contract && responseFormat
        ? contract.planResponse(options.capabilities, responseFormat, output !== undefined)
        : undefined;
    if (contract && plan?.action === 'rejected') return rejectPlan(sink, contract.rejectedPlanError(plan));
    return runResponse({
      model: options.model,
      input: options.input,
      system: options.system,
      output,
      maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH,
      format,
      maxRetries: options.maxRetries ?? 3,
      retry: resolveRetryPolicy(options.retry),
      raiseEnsureFailure: options.raiseEnsureFailure ?? true,
      ensureAllKeys: options.ensureAllKeys ?? false,
      plan,
      checkContract: plan && contract ? (text) => contract.validateOutputContract(plan, text) : undefined,
      validators: [...chain, ...validatorList(options.validate)] as Validator<never>[],
      validateField: options.validateField,
      earlyValidation: options.earlyValidation ?? true,
      parts: initialParts(options.input, options.instruct, await requirementsFor(format.first, output, plan)),
      settings: { ...options.settings },
      ...tools,
      signal: sink.signal,
      emit: sink.emit,
      observe: sink.observe,
    });
  };

  const { response, started } = createResponseCore<Data>({
    run,
    signal: options.signal,
    requestedFormat: format.requested,
    settledReads: () => import('./settled-reads').then((module) => module.settledReads),
  });
  // `Input` is type-only (what the schema says streams): the core's response is that response.
  return Object.assign(response as unknown as ModelResponse<Data, Input>, {
    validate(validator: Validator<Data>): ModelResponse<Data, Input> {
      checkValidator('validate validator', validator);
      if (started())
        throw new FieldstreamError('RESPONSE_STARTED', 'validate() must be called before the response starts');
      chain.push(validator);
      return response as unknown as ModelResponse<Data, Input>;
    },
  });
}

function rejectPlan(sink: ResponseSink, error: FieldstreamError): Settlement {
  sink.emit({ type: 'error', attempt: 0, error });
  sink.emit({ type: 'status', attempt: 0, status: 'error' });
  sink.observe({ type: 'model.failed', attempt: 0, error });
  return { kind: 'error', error, requestFailed: false };
}
