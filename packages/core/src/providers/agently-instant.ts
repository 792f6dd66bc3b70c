import { ProviderError } from '../errors/errors';
import type { OutputDefinition } from '../schema/define-output';
import { fetchEventStream } from '../transport/fetch-event-stream';
import type { RetryOptions } from '../transport/retry-policy';
import { AgentlyInstantNormaliser } from './agently-normaliser';
import { checkAgentlyInstantOptions } from './check-provider-options';
import { endedEarly } from './http-provider';
import { asRecord, asString, type JsonRecord } from './json-fields';
import type { Model, ModelRequest } from './model';
import type { ProviderDescriptor } from './provider-descriptor';
import { parsePythonLiteral } from './python-literal';

const PROVIDER = 'agentlyInstant';

/** {@link agentlyInstant}: the service parses the answer itself; no response format is sent. */
export const agentlyInstantProvider: ProviderDescriptor<typeof PROVIDER> = {
  name: PROVIDER,
  capabilities: { jsonObject: false, jsonSchema: false, strictJsonSchema: false, reasoning: true },
};

/** Options for {@link agentlyInstant}. */
export type AgentlyInstantOptions = {
  /** The service endpoint that streams Agently instant events as SSE. */
  url: string;
  /** Default `'POST'`. */
  method?: 'POST' | 'GET';
  /** Extra request headers (auth, …). */
  headers?: Record<string, string>;
  /** Builds the JSON body from the request. Default: `{ prompt, messages, format, attempt, settings }`. */
  body?: (request: ModelRequest) => unknown;
  /** The fetch to use (default: the global `fetch`). */
  fetch?: typeof fetch;
  /** Opt-in retries of opening the stream. Default: none. */
  retry?: RetryOptions;
  /** The output schema: lets the adapter coerce Python-style strings (`'True'`, `'None'`, `'3'`) at typed paths. */
  output?: OutputDefinition;
  /**
   * Treat a stream that closes without an end marker (`data: [DONE]`, or an event named `done` or
   * `end`) as a dropped connection. Default false: Agently services have no standard end marker.
   */
  requireEndMarker?: boolean;
};

/**
 * Consumes a Python Agently service's instant (streaming-parse) events over SSE and yields them
 * as `{ type: 'patch' }` events, normalised to our `StreamingData` (see
 * {@link AgentlyInstantNormaliser}); the `$reasoning` and `$status` channels pass through as
 * patches. Each `data:` is one event as JSON or as a Python `repr` of the dict (`True`, `None`,
 * single quotes). Named events: `text` / `delta` carry raw answer text, `meta` a meta object, and
 * `error` (or a payload with an `error` key) throws `ProviderError` with the raw event.
 */
export function agentlyInstant(options: AgentlyInstantOptions): Model {
  checkAgentlyInstantOptions(options);
  return async function* agentlyInstantModel(request, { signal }) {
    const normaliser = new AgentlyInstantNormaliser(options.output);
    const method = options.method ?? 'POST';
    const body =
      method === 'POST' ? JSON.stringify(options.body ? options.body(request) : defaultBody(request)) : undefined;
    const stream = fetchEventStream(options.url, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
      body,
      signal,
      fetch: options.fetch,
      retry: options.retry,
    });
    for await (const message of stream) {
      if (message.data === '[DONE]' || message.event === 'done' || message.event === 'end') return;
      if (message.event === 'text' || message.event === 'delta') {
        yield { type: 'text', delta: textOf(message.data) };
        continue;
      }
      const payload = decode(message.data);
      const record = asRecord(payload);
      if (message.event === 'error' || (record && record.error !== undefined && record.path === undefined)) {
        throw providerError(record, message.data);
      }
      if (message.event === 'meta') {
        if (record) yield { type: 'meta', meta: record };
        continue;
      }
      // Heartbeats and other records without a path carry no field data.
      if (record && record.path === undefined) continue;
      for (const data of normaliser.normalise(payload, message.data)) yield { type: 'patch', data };
    }
    if (options.requireEndMarker) throw endedEarly(PROVIDER, options.url, 'its end marker');
  };
}

function defaultBody(request: ModelRequest): unknown {
  const { prompt, messages, format, attempt, settings } = request;
  return { prompt, messages, format, attempt, settings };
}

/** JSON first; then a Python literal (`repr` of a dict); else a typed error keeping the raw data. */
function decode(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    try {
      return parsePythonLiteral(data);
    } catch (error) {
      throw new ProviderError(
        PROVIDER,
        'invalid_event',
        `an event is neither JSON nor a Python literal: ${data.slice(0, 200)}`,
        {
          rawText: data,
          cause: error,
        },
      );
    }
  }
}

/** A text event's data: a JSON string when quoted, else the raw text. */
function textOf(data: string): string {
  if (!data.startsWith('"')) return data;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'string' ? parsed : data;
  } catch {
    return data;
  }
}

function providerError(record: JsonRecord | undefined, raw: string): ProviderError {
  const error = asRecord(record?.error);
  const code =
    asString(error?.type) ?? asString(error?.code) ?? asString(record?.type) ?? asString(record?.code) ?? 'error';
  const message = asString(error?.message) ?? asString(record?.error) ?? asString(record?.message) ?? raw;
  return new ProviderError(PROVIDER, code, message, { rawText: raw });
}
