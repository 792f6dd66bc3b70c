import { writeOwn } from '../patch/apply-patch';
import { isRecord } from '../patch/container';
import type { FormatName, FormatOption } from '../schema/select-format';
import type { LogEvent } from './event-log';

/** What `getMeta()` returns. Provider meta keys (model id, finish reason, …) sit beside ours. */
export type ResponseMeta = {
  /** The provider meta of the final attempt, merged in arrival order (`usage` excepted). */
  [key: string]: unknown;
  /** The format the response asked for: a name or `auto`. */
  requestedFormat: FormatOption;
  /** The format the final data was parsed as (`json` after a fallback or an `auto` degrade). */
  resolvedFormat: FormatName;
  /** The final parse had to close or repair the payload. */
  repaired: boolean;
  /** How many attempts ran (1 without retries). */
  attempts: number;
  /** Token usage summed over every attempt (each attempt's latest report counts once). */
  usage: Record<string, unknown> | undefined;
  /** How the response ended. */
  status: 'done' | 'error' | 'aborted';
};

/**
 * The meta of a response, derived from its event log: each `attempt` event starts an attempt (its
 * format), `meta` events carry the provider's meta, a `parsed` event the final parse's format and
 * repair. Usage adds up over the attempts; the rest is the last attempt's.
 */
export function deriveMeta(
  facts: readonly LogEvent[],
  requested: FormatOption,
  status: ResponseMeta['status'],
): ResponseMeta {
  let attempts = 0;
  let format: FormatName = 'text';
  let repaired = false;
  let provider: Record<string, unknown> = {};
  let usage: Record<string, unknown> | undefined;
  let requestedFormat = requested;
  const addAttemptUsage = (): void => {
    if (!isRecord(provider.usage)) return;
    usage ??= {};
    addUsage(usage, provider.usage);
  };
  for (const event of facts) {
    if (event.type === 'attempt') {
      addAttemptUsage();
      attempts++;
      format = event.format;
      repaired = false;
      provider = {};
    } else if (event.type === 'meta') mergeAttemptMeta(provider, event.meta);
    else if (event.type === 'parsed') {
      format = event.format;
      repaired = event.repaired;
      requestedFormat = event.requested ?? requestedFormat;
    }
  }
  addAttemptUsage();
  const { usage: _attemptUsage, ...rest } = provider;
  return { ...rest, requestedFormat, resolvedFormat: format, repaired, attempts, usage, status };
}

/** Merges one meta event into an attempt's meta: keys overwrite, `usage` merges key by key. */
export function mergeAttemptMeta(target: Record<string, unknown>, meta: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(meta)) {
    if (key === 'usage' && isRecord(value) && isRecord(target.usage)) target.usage = { ...target.usage, ...value };
    else writeOwn(target, key, value);
  }
}

/** Adds one attempt's usage to a running total: numbers add up, nested objects add up too. */
export function addUsage(total: Record<string, unknown>, usage: Readonly<Record<string, unknown>>): void {
  const stack: [Record<string, unknown>, Readonly<Record<string, unknown>>][] = [[total, usage]];
  while (stack.length > 0) {
    const [into, from] = stack.pop() as [Record<string, unknown>, Readonly<Record<string, unknown>>];
    for (const [key, value] of Object.entries(from)) {
      const current = Object.hasOwn(into, key) ? into[key] : undefined;
      if (typeof value === 'number' && typeof current === 'number') into[key] = current + value;
      else if (isRecord(value)) {
        const nested = isRecord(current) ? current : {};
        writeOwn(into, key, nested);
        stack.push([nested, value]);
      } else writeOwn(into, key, value);
    }
  }
}
