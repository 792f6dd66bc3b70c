import type { FormatOption } from '@fieldstream/core';
import type { FaultName } from '../presets/preset';

/**
 * What the playground asks its built-in model for. Sent with every chat request (body field
 * `fieldstream`, or the `x-fieldstream-options` header as JSON).
 */
export type ScenarioOptions = {
  /** Preset id (`incident`, `invoice`, …). */
  preset: string;
  /** The format the response asks for. */
  format: FormatOption;
  /**
   * Groups the requests of one response (its attempts). The server counts requests per scenario,
   * so the attempt number needs no client cooperation, and e2e tests read `/api/stats` by it.
   */
  scenario: string;
  /** Answer characters per second; 0 streams as fast as the socket takes them. */
  charsPerSecond: number;
  /** Characters per SSE event. */
  chunkSize: number;
  faults: FaultName[];
  /** Delay of the first token under `slow_first_token`. */
  slowFirstTokenMs?: number;
  /** Proxy to the real OpenAI-compatible endpoint configured on the server (when available). */
  live?: boolean;
};

/** The request body field and header that carry {@link ScenarioOptions}. */
export const SCENARIO_BODY_FIELD = 'fieldstream';
export const SCENARIO_HEADER = 'x-fieldstream-options';
/** Optional explicit attempt number (otherwise the server counts requests per scenario). */
export const ATTEMPT_HEADER = 'x-fieldstream-attempt';

/** One request as the server logged it (`GET /api/stats?scenario=…`). */
export type RequestRecord = {
  attempt: number;
  preset: string;
  format: string;
  /** How the request ended so far. */
  outcome:
    | 'streaming'
    | 'completed'
    | 'client_closed'
    | 'dropped'
    | 'provider_error'
    | 'proxied'
    | 'failed'
    | 'rate_limited';
  /** Answer characters written. */
  charsSent: number;
  /** The request carried an `Authorization` header (the proxy adds one; the browser never does). */
  authorization: boolean;
  startedAt: number;
  endedAt?: number;
};

/** The server's answer to `GET /api/stats?scenario=…`. */
export type ScenarioStats = {
  scenario: string;
  requests: number;
  /** Requests whose connection the client closed before the answer ended. */
  clientClosed: number;
  /** Requests still streaming. */
  open: number;
  log: RequestRecord[];
};

/** The server's answer to `GET /api/config`. */
export type ServerConfig = {
  /** OPENAI_BASE_URL and OPENAI_API_KEY are set: requests with `live: true` are proxied. */
  liveAvailable: boolean;
  /** The model name used when proxying. */
  liveModel: string | undefined;
};

/** Every format option the picker offers. */
export const FORMAT_OPTIONS: readonly FormatOption[] = [
  'auto',
  'json',
  'hybrid',
  'xml_field',
  'yaml_literal',
  'flat_markdown',
  'text',
];
