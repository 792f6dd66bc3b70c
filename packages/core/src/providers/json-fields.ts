// Small readers for untyped provider JSON (no `any`): each returns undefined for the wrong type.
import { ProviderError } from '../errors/errors';

export type JsonRecord = Readonly<Record<string, unknown>>;

export function asRecord(value: unknown): JsonRecord | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonRecord) : undefined;
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** `record.a.b.c`, or undefined as soon as a step is not an object. */
export function field(record: unknown, ...keys: readonly string[]): unknown {
  let current: unknown = record;
  for (const key of keys) current = asRecord(current)?.[key];
  return current;
}

/** Parses one event's JSON payload; anything else is a typed provider error keeping the raw data. */
export function parseEventJSON(provider: string, data: string): JsonRecord {
  let parsed: unknown;
  let cause: unknown;
  try {
    parsed = JSON.parse(data);
  } catch (error) {
    cause = error;
  }
  const record = asRecord(parsed);
  if (!record) {
    const what = cause === undefined ? 'a JSON object' : 'JSON';
    throw new ProviderError(provider, 'invalid_event', `an event is not ${what}: ${data.slice(0, 200)}`, {
      rawText: data,
      cause,
    });
  }
  return record;
}
