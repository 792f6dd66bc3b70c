import { setTimeout as sleep } from 'node:timers/promises';
import type { AnswerPlan } from '../src/presets/index';

/** One piece of the built-in model's output. */
export type ScriptedPiece = { type: 'reasoning' | 'text'; delta: string };

export type ScriptedStreamOptions = {
  /** Characters per second over reasoning and text together; 0 = no pacing. */
  charsPerSecond: number;
  /** Characters per piece (the last piece may be shorter). */
  chunkSize: number;
  signal: AbortSignal;
};

/**
 * Replays a planned answer as timed pieces: provider reasoning first, then the answer text up to
 * `plan.stopAt`. Paced against a clock (not a fixed sleep per piece), so small pieces at high rates
 * still arrive at the requested rate.
 */
export async function* scriptedStream(plan: AnswerPlan, options: ScriptedStreamOptions): AsyncGenerator<ScriptedPiece> {
  const { signal } = options;
  const chunkSize = Math.max(1, Math.floor(options.chunkSize));
  const pieces: ScriptedPiece[] = [
    ...split(plan.reasoning, chunkSize).map((delta) => ({ type: 'reasoning' as const, delta })),
    ...split(plan.text.slice(0, plan.stopAt), chunkSize).map((delta) => ({ type: 'text' as const, delta })),
  ];
  if (plan.firstTokenDelayMs > 0) await sleep(plan.firstTokenDelayMs, undefined, { signal });
  const start = performance.now();
  let sent = 0;
  for (const piece of pieces) {
    if (signal.aborted) return;
    if (options.charsPerSecond > 0) {
      const dueAt = start + (sent / options.charsPerSecond) * 1000;
      const wait = dueAt - performance.now();
      // Sub-millisecond waits are batched: the next due piece goes out with this one.
      if (wait >= 1) await sleep(wait, undefined, { signal });
    }
    sent += piece.delta.length;
    yield piece;
  }
}

function split(text: string, size: number): string[] {
  const out: string[] = [];
  // Split by code points so no piece ends inside a surrogate pair.
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
