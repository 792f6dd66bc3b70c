import {
  checkFields,
  checkFunction,
  checkObject,
  checkOneOf,
  checkOptionalBoolean,
  checkOptionalFunction,
  checkOptionalObject,
  checkString,
  invalid,
} from '../errors/check-argument';
import { checkOutput } from '../formats/check-parser-options';
import { checkChunkSource, checkRetryOptions } from '../transport/check-transport-input';

/** `openAIChat`, `openAIResponses`, `anthropicMessages`: the shared HTTP options. */
export function checkHttpProviderOptions(name: string, options: unknown): void {
  const where = `${name} options`;
  checkObject(where, options);
  checkString(`${where}.baseURL`, options.baseURL);
  checkString(`${where}.model`, options.model);
  checkFields(where, options, {
    apiKey: checkString,
    headers: checkObject,
    fetch: checkFunction,
    body: checkObject,
    retry: checkRetryOptions,
  });
}

export function checkAgentlyInstantOptions(options: unknown): void {
  const where = 'agentlyInstant options';
  checkObject(where, options);
  checkString(`${where}.url`, options.url);
  if (options.method !== undefined) checkOneOf(`${where}.method`, options.method, ['POST', 'GET']);
  checkOptionalObject(`${where}.headers`, options.headers);
  checkOptionalFunction(`${where}.body`, options.body);
  checkOptionalFunction(`${where}.fetch`, options.fetch);
  checkRetryOptions(`${where}.retry`, options.retry);
  checkOutput(`${where}.output`, options.output);
  checkOptionalBoolean(`${where}.requireEndMarker`, options.requireEndMarker);
}

/** `textStream(source)`: a stream, an async iterable, or a function that opens one per attempt. */
export function checkTextStreamSource(source: unknown): void {
  if (typeof source === 'function') return;
  checkChunkSource('textStream source', source);
}

export function checkScriptedModelOptions(options: unknown): void {
  const where = 'scriptedModel options';
  checkObject(where, options);
  checkScriptedText(`${where}.answers`, options.answers);
  if (options.reasoning !== undefined && typeof options.reasoning !== 'string') {
    checkScriptedText(`${where}.reasoning`, options.reasoning);
  }
  const size = options.chunkSize;
  const isSize = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 1;
  const isRange = Array.isArray(size) && size.length === 2 && isSize(size[0]) && isSize(size[1]) && size[0] <= size[1];
  if (size !== undefined && !isSize(size) && !isRange) {
    throw invalid(`${where}.chunkSize`, 'a whole number ≥ 1 or a [min, max] range', size);
  }
  for (const key of ['delayMs', 'firstTokenDelayMs', 'seed'] as const) {
    const value = options[key];
    if (
      value !== undefined &&
      !(typeof value === 'number' && Number.isFinite(value) && (key === 'seed' || value >= 0))
    ) {
      throw invalid(`${where}.${key}`, key === 'seed' ? 'a finite number' : 'a finite number ≥ 0', value);
    }
  }
  if (options.faults !== undefined && !Array.isArray(options.faults)) {
    throw invalid(`${where}.faults`, 'a list of faults', options.faults);
  }
  checkOptionalObject(`${where}.meta`, options.meta);
  const calls = options.toolCalls;
  const isCall = (call: unknown) =>
    typeof (call as { name?: unknown })?.name === 'string' &&
    typeof (call as { arguments?: unknown }).arguments === 'string';
  if (calls !== undefined && !(Array.isArray(calls) && calls.every(isCall))) {
    throw invalid(`${where}.toolCalls`, 'a list of { name, arguments, id? }', calls);
  }
}

function checkScriptedText(where: string, text: unknown): void {
  if (typeof text === 'function') return;
  if (Array.isArray(text) && text.length > 0 && text.every((item) => typeof item === 'string')) return;
  throw invalid(where, 'a non-empty list of strings or a function of the request', text);
}
