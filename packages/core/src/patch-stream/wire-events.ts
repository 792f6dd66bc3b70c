import { AbortError, FieldstreamError } from '../errors/errors';
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

/** An error as JSON: its class name, code and message. */
export type WireError = { name: string; code: string; message: string };

/** One event of a patch stream, as written in a `data:` line (a message carries an array of them). */
export type WireEvent =
  | WirePatch
  | { k: 'a'; n: number; f: FormatName; why?: string }
  | { k: 's'; n?: number; s: ResponseStatus }
  | { k: 't'; n?: number; d: string }
  /** The final data; `r`: it is the reader's tree (the usual case), so it is not sent twice. */
  | { k: 'f'; n?: number; v?: unknown; r?: 1 }
  | { k: 'e'; n?: number; err: WireError }
  | { k: 'x'; n?: number }
  /** An observation event, errors made JSON and prompts and answer texts left out. */
  | { k: 'o'; o: Record<string, unknown> };

/** The SSE event name of the message that ends a patch stream normally. */
export const END_EVENT = 'end';

export function toWireError(error: unknown): WireError {
  if (error instanceof FieldstreamError) return { name: error.name, code: error.code, message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  return { name: error instanceof Error ? error.name : 'Error', code: 'UNKNOWN', message };
}

/** A typed error back from the wire: an `AbortError` stays one; the rest keep their code and name. */
export function fromWireError(wire: WireError): FieldstreamError {
  if (wire.name === 'AbortError') return new AbortError(wire.message);
  const error = new FieldstreamError(wire.code, wire.message);
  error.name = wire.name;
  return error;
}

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
    const error = (value as { $error?: WireError } | null)?.$error;
    out[key] = error !== undefined && typeof value === 'object' ? fromWireError(error) : value;
  }
  return out;
}
