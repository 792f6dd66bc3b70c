// What a user can observe of a response, as plain data a case's `expected` can hold.
import {
  AbortError,
  EnsureError,
  FieldstreamError,
  OutputParseError,
  ProviderError,
  type ResponseEvent,
  type StreamedResponse,
  type StreamingData,
  TransportError,
  ValidationError,
} from '@fieldstream/core';

/** Non-patch events as `attempt:type[:detail]`, replayed history first. */
export function timeline(response: StreamedResponse<unknown>): string[] {
  const out: string[] = [];
  response.subscribe((event: ResponseEvent) => {
    const at = `${event.attempt}:${event.type}`;
    if (event.type === 'patch' || event.type === 'text') return;
    if (event.type === 'status') out.push(`${at}:${event.status}`);
    else if (event.type === 'attempt') out.push(`${at}:${event.format}`);
    else if (event.type === 'error') out.push(`${at}:${event.error.name}:${event.error.code}`);
    else out.push(at);
  });
  return out;
}

const CLASSES = { AbortError, TransportError, ProviderError, OutputParseError, EnsureError, ValidationError };

/** An error as a user tells it apart: its class (by `instanceof`), name, code and attempt. */
export function errorRecord(error: unknown) {
  if (error === undefined) return undefined;
  const found = Object.entries(CLASSES).find(([, Class]) => error instanceof Class);
  const typed = error as FieldstreamError;
  return {
    class: found?.[0] ?? (error instanceof FieldstreamError ? 'FieldstreamError' : 'other'),
    name: typed.name,
    code: typed.code,
    attempt: typed.attempt,
  };
}

export async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
}

export async function rejection(promise: Promise<unknown>) {
  return errorRecord(await caught(promise));
}

export async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Per `attempt:path`, what a path spells (merged deltas spell the same); the root's `done` ends an attempt. */
export function byPath(patches: readonly StreamingData[]) {
  const out: Record<string, { text: string; value: unknown; done: number }> = {};
  let attempt = 0;
  for (const patch of patches) {
    if (patch.path.startsWith('$')) continue;
    const key = `${attempt}:${patch.path}`;
    const entry = out[key] ?? { text: '', value: undefined, done: 0 };
    entry.text += patch.delta;
    entry.value = patch.value;
    if (patch.event_type === 'done') entry.done++;
    out[key] = entry;
    if (patch.path === '' && patch.event_type === 'done') attempt++;
  }
  return out;
}
