import {
  checkFields,
  checkFunction,
  checkObject,
  checkOptionalSignal,
  checkString,
  checkWholeNumber,
  invalid,
} from '../errors/check-argument';

/** `retry` options of `fetchEventStream` and the HTTP providers. */
export function checkRetryOptions(where: string, retry: unknown): void {
  if (retry === undefined) return;
  checkObject(where, retry);
  checkWholeNumber(`${where}.attempts`, retry.attempts);
  checkFields(where, retry, { delayMs: checkDelay, shouldRetry: checkFunction });
}

function checkDelay(where: string, delay: unknown): void {
  if (typeof delay !== 'function' && !(typeof delay === 'number' && delay >= 0 && Number.isFinite(delay))) {
    throw invalid(where, 'a finite number ≥ 0 or a function', delay);
  }
}

/** A byte stream or an async iterable of chunks. */
export function checkChunkSource(where: string, source: unknown): void {
  const candidate = source as { getReader?: unknown; [Symbol.asyncIterator]?: unknown } | null;
  if (
    candidate === null ||
    typeof candidate !== 'object' ||
    (typeof candidate.getReader !== 'function' && typeof candidate[Symbol.asyncIterator] !== 'function')
  ) {
    throw invalid(where, 'a ReadableStream or an async iterable of chunks', source);
  }
}

/** `parseSSE(source, options)`. */
export function checkParseSSE(source: unknown, options: unknown): void {
  checkChunkSource('parseSSE stream', source);
  const where = 'parseSSE options';
  checkObject(where, options);
  checkFields(where, options, { signal: checkOptionalSignal, maxMessageLength: checkMaxMessageLength });
}

/** `maxMessageLength`: at least one character. */
function checkMaxMessageLength(where: string, value: unknown): void {
  checkWholeNumber(where, value, 1);
}

/** `fetchEventStream(url, options)`. */
export function checkFetchEventStream(url: unknown, options: unknown): void {
  if (typeof url !== 'string' && !(url instanceof URL)) throw invalid('fetchEventStream url', 'a string or a URL', url);
  const where = 'fetchEventStream options';
  checkObject(where, options);
  checkFields(where, options, {
    method: checkString,
    headers: checkObject,
    signal: checkOptionalSignal,
    fetch: checkFunction,
    isEndMessage: checkFunction,
    init: checkObject,
    retry: checkRetryOptions,
    maxMessageLength: checkMaxMessageLength,
  });
}

/** A chunk of an event stream: text or bytes. */
export function checkSSEChunk(chunk: unknown): void {
  if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) {
    throw invalid('SSEDecoder.push chunk', 'a string or a Uint8Array', chunk);
  }
}
