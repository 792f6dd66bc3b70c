/**
 * The JSON bench's floor and Fieldstream's two contenders, shared by the bench (CPU time) and its
 * probe (instructions under callgrind, bench/json-probe.ts), so both measure the same code.
 */
import { createStreamParser } from '@fieldstream/core';

export type Contender = { name: string; run(chunks: readonly string[], text: string): unknown };

export const floor: Contender = {
  name: 'JSON.parse of the whole text (floor)',
  run: (_chunks, text) => JSON.parse(text),
};

/** Keeps the last snapshot alive, as a UI would, so the engine cannot drop the work. */
export let lastSnapshot: unknown;

export const ours: Contender = {
  name: 'ours: createStreamParser (events + snapshot per chunk, finish)',
  run(chunks) {
    const parser = createStreamParser({ format: 'json' });
    let events = 0;
    for (const chunk of chunks) {
      events += parser.push(chunk).length;
      lastSnapshot = parser.snapshot();
    }
    events += parser.finish().length;
    return events;
  },
};

export const oursEventsOnly: Contender = {
  name: 'ours: events only (no snapshot)',
  run(chunks) {
    const parser = createStreamParser({ format: 'json' });
    let events = 0;
    for (const chunk of chunks) events += parser.push(chunk).length;
    return events + parser.finish().length;
  },
};
