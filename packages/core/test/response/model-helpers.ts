// Small inline models for response tests: deterministic turns, one per attempt.
import type { Model, ModelEvent, ModelRequest } from '@fieldstream/core';

/** One step of a turn: a text delta, a model event, an error to throw, or a promise to wait for. */
export type Step = string | ModelEvent | { throw: unknown } | { wait: Promise<unknown> };

/** A model that plays `turns[n]` on its n-th call and records every request. */
export type ScriptedTestModel = Model & { requests: ModelRequest[]; signals: AbortSignal[] };

export function scripted(...turns: readonly Step[][]): ScriptedTestModel {
  const requests: ModelRequest[] = [];
  const signals: AbortSignal[] = [];
  const model = (request: ModelRequest, { signal }: { signal: AbortSignal }): AsyncIterable<ModelEvent> => {
    const turn = turns[requests.length];
    requests.push(request);
    signals.push(signal);
    if (turn === undefined) throw new Error(`no turn scripted for call ${requests.length}`);
    return play(turn);
  };
  return Object.assign(model, { requests, signals });
}

async function* play(turn: readonly Step[]): AsyncGenerator<ModelEvent> {
  for (const step of turn) {
    if (typeof step === 'string') yield { type: 'text', delta: step };
    else if ('throw' in step) throw step.throw;
    else if ('wait' in step) await step.wait;
    else yield step;
  }
}

/** A text answer split into chunks of `size` characters. */
export function chunks(text: string, size = 3): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** A promise with its resolve function. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Collects an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}
