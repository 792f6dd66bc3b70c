import { ArgumentError } from '../errors/argument-error';
import { errorMessage } from '../errors/error-message';
import {
  AbortError,
  DepthLimitError,
  FieldstreamError,
  OutputParseError,
  ProviderError,
  SchemaError,
  TransportError,
} from '../errors/errors';
import { FormatNotRegisteredError } from '../errors/format-not-registered-error';
import { EnsureError, OutputContractError, ValidationError } from '../errors/rejection-errors';
import { writeOwn } from '../patch/apply-patch';
import type { CompletionSource } from '../patch/streaming-data';
import type { ResponseStatus } from '../response/response-events';
import type { FormatName } from '../schema/select-format';

/**
 * A field patch on the wire. Only what the reader cannot derive is sent: `k` (absent for patches),
 * `n` (absent: the current attempt), `p` (absent: the previous patch's path; `28:email`: its first
 * 28 characters then `email`). The value is left
 * out when it is the previous string at the path plus `d`; `j`: the JSON the path's deltas spell;
 * `r`: the reader's own tree at the path (a finished list or object); `u`: undefined.
 */
export type WirePatch = {
  k?: 'p';
  n?: number;
  p?: string;
  d?: string;
  /** 1 on the path's `done` event. */
  e?: 1;
  /** The completion source when it is not `observed_boundary` (`''`: none). */
  c?: CompletionSource | '';
  v?: unknown;
  j?: 1;
  r?: 1;
  u?: 1;
  w?: string;
  i?: number[];
};

/** An error as JSON: its class name, code, message and the fields a program reads (`f`). */
export type WireError = { name: string; code: string; message: string; f?: Record<string, unknown> };

/** One event of a patch stream, as written in a `data:` line (a message carries an array of them). */
export type WireEvent =
  | WirePatch
  | { k: 'a'; n: number; f: FormatName; why?: string }
  /**
   * A status; with `retrying`: `ms` the wait, `why` the reason code, `msg` the failure in words,
   * `fp` the rejected field's path (decision 0022).
   */
  | { k: 's'; n?: number; s: ResponseStatus; ms?: number; why?: string; msg?: string; fp?: string }
  | { k: 't'; n?: number; d: string }
  /** The final data; `r`: it is the reader's tree (the usual case), so it is not sent twice. */
  | { k: 'f'; n?: number; v?: unknown; r?: 1 }
  /** An error; `rf`: the model's request failed (no answer was rejected). */
  | { k: 'e'; n?: number; err: WireError; rf?: 1 }
  | { k: 'x'; n?: number }
  /** An observation event, errors made JSON and prompts and answer texts left out. */
  | { k: 'o'; o: Record<string, unknown> }
  /** The response's `getMeta()`, sent once when it settled (provider meta, usage, the formats). */
  | { k: 'm'; m: Record<string, unknown> }
  /**
   * The reading side's connection (decision 0030): `reconnecting` (reconnection `r`, after `ms`) or
   * `open` again; `id`: the `Last-Event-ID` a reconnection resumes after. Only a recording carries
   * it, never naming an attempt (`n` read as anywhere else).
   */
  | { k: 'c'; n?: number; s: 'reconnecting' | 'open'; r: number; ms: number; id?: string };

/** The SSE event name of the message that ends a patch stream normally. */
export const END_EVENT = 'end';

export function toWireError(error: unknown): WireError {
  try {
    if (!(error instanceof FieldstreamError)) {
      const message = errorMessage(error);
      return { name: error instanceof Error ? String(error.name) : 'Error', code: 'UNKNOWN', message };
    }
    const wire: WireError = { name: error.name, code: error.code, message: error.message };
    const fields: Record<string, unknown> = {};
    for (const key of WIRE_FIELDS) {
      const value: unknown = (error as unknown as Record<string, unknown>)[key];
      if (value !== undefined) fields[key] = value;
    }
    if (Object.keys(fields).length > 0) wire.f = fields;
    return wire;
  } catch {
    // A thrown value that cannot be read (a revoked Proxy, a throwing `name` getter): still an error on the wire.
    return { name: 'Error', code: 'UNKNOWN', message: errorMessage(error) };
  }
}

/**
 * A typed error back from the wire: the class of the same name when it is one of ours (so
 * `instanceof TransportError` and `error.status` hold in every place a response runs), with its
 * code, message and fields; another name keeps its name on a `FieldstreamError`.
 */
export function fromWireError(wire: WireError): FieldstreamError {
  const Class = Object.hasOwn(ERROR_CLASSES, wire.name)
    ? ERROR_CLASSES[wire.name as keyof typeof ERROR_CLASSES]
    : FieldstreamError;
  const error = Reflect.construct(
    FieldstreamError,
    [String(wire.code), String(wire.message)],
    Class,
  ) as FieldstreamError;
  const fields = wire.f !== null && typeof wire.f === 'object' ? wire.f : {};
  for (const key of WIRE_FIELDS) {
    if (Object.hasOwn(fields, key)) Object.defineProperty(error, key, { value: fields[key], enumerable: true });
  }
  Object.defineProperty(error, 'name', { value: String(wire.name), writable: true, configurable: true });
  return error;
}

/** The fields of our errors that cross (never a response body or the model's raw text: they stay where they were read). */
const WIRE_FIELDS = [
  'argument',
  'attempt',
  'status',
  'retryAfter',
  'provider',
  'providerCode',
  'failures',
  'validatorName',
  'reason',
  'payload',
  'format',
  'path',
  'maxDepth',
  'diagnostic',
] as const;

const ERROR_CLASSES = {
  AbortError,
  TransportError,
  ProviderError,
  OutputParseError,
  DepthLimitError,
  SchemaError,
  EnsureError,
  ValidationError,
  OutputContractError,
  ArgumentError,
  FormatNotRegisteredError,
};

/** JSON for an observation event: errors as {@link WireError}, no prompt or answer text (they stay on the server). */
export function toWireObservation(event: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    if (key === 'prompt' || key === 'text') out[key] = '';
    else if (value instanceof Error) out[key] = { $error: toWireError(value) };
    else out[key] = value;
  }
  return out;
}

export function fromWireObservation(wire: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wire)) {
    const error = value !== null && typeof value === 'object' ? (value as { $error?: WireError }).$error : undefined;
    // An own property whatever the key (`__proto__` from the wire is data, never a prototype).
    writeOwn(out, key, error !== undefined ? fromWireError(error) : value);
  }
  return out;
}
