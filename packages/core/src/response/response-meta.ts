import { writeOwn } from '../patch/apply-patch';
import type { FormatName, FormatOption } from '../schema/select-format';

/** What `getMeta()` returns. Provider meta keys (model id, finish reason, …) sit beside ours. */
export type ResponseMeta = {
  /** The provider meta of the final attempt, merged in arrival order (`usage` excepted). */
  [key: string]: unknown;
  /** The format the response asked for: a name or `auto`. */
  requested_format: FormatOption;
  /** The format the final data was parsed as (`json` after a fallback or an `auto` degrade). */
  resolved_format: FormatName;
  /** The final parse had to close or repair the payload. */
  repaired: boolean;
  /** How many attempts ran (1 without retries). */
  attempts: number;
  /** Token usage summed over every attempt (each attempt's latest report counts once). */
  usage: Record<string, unknown> | undefined;
  /** How the response ended. */
  status: 'done' | 'error' | 'aborted';
};

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
