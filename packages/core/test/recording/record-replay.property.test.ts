// Record → replay ends where the recorded response ended: the same milestones (attempts, statuses,
// the final data, errors), the same store, the same observations and the same `getData()` outcome,
// for every place a response runs and every pace; every pace sends the same events; the file form
// (serializeRecording → parseRecording) changes nothing.
import type { ResponseEvent, StreamedResponse } from '@fieldstream/core';
import {
  parseRecording,
  type Recording,
  type RecordingSource,
  type ReplayPace,
  recordResponse,
  replayRecording,
  serializeRecording,
} from '@fieldstream/core/recording';
import type { ScriptedFault } from '@fieldstream/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataSet, output } from '../format-independence/support/data-set';
import { renderers } from '../format-independence/support/renderers';
import { errorRecord, observe, type RecordedCase, responseIn } from './recording-sources';

const SOURCES: readonly RecordingSource[] = ['page', 'wire', 'worker'];
const PACES: readonly ReplayPace[] = ['instant', 'recorded', 3, 'step'];

/** What can go wrong in the first attempt: nothing, a dropped connection, a provider error, an answer that does not parse. */
const fault: fc.Arbitrary<ScriptedFault | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.integer({ min: 0, max: 60 }).map((at): ScriptedFault => ({ attempt: 0, kind: 'drop_connection', at })),
  fc.integer({ min: 0, max: 60 }).map((at): ScriptedFault => ({ attempt: 0, kind: 'provider_error', at })),
  fc.constant<ScriptedFault>({ attempt: 0, kind: 'malformed', answer: 'no answer here {' }),
);

/** A random answer in a random format, in random chunks, with maybe a fault and maybe retries. */
const recordedCase: fc.Arbitrary<RecordedCase> = fc
  .record({
    data: dataSet,
    renderer: fc.constantFrom(...renderers),
    decoration: fc.record({ think: fc.boolean(), preamble: fc.boolean(), fence: fc.boolean(), trailing: fc.boolean() }),
    chunks: fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 30 })),
    seed: fc.integer({ min: 1, max: 1000 }),
    fault,
    maxRetries: fc.integer({ min: 0, max: 2 }),
  })
  .map(({ data, renderer, decoration, chunks: [min, extra], seed, fault, maxRetries }) => ({
    model: {
      answers: [renderer.render(data, decoration)],
      chunkSize: [min, min + extra],
      seed,
      ...(fault === undefined ? {} : { faults: [fault] }),
    },
    response: {
      input: 'describe the data set',
      output,
      format: renderer.format,
      maxRetries,
      retry: { baseDelayMs: 0, jitter: 0 },
    },
  }));

/** A scheduler on fake time: each wait is noted and ends in the next microtask. */
function fakeTime(): { waits: number[]; schedule: (callback: () => void, ms: number) => () => void } {
  const waits: number[] = [];
  return {
    waits,
    schedule(callback, ms) {
      waits.push(ms);
      queueMicrotask(callback);
      return () => undefined;
    },
  };
}

/** A replay of a recording at a pace, followed from before its start. */
type Replay = {
  replayed: StreamedResponse<unknown>;
  /** Every event it sent. */
  events: ResponseEvent[];
  /** The waits it asked the scheduler for. */
  waits: number[];
  /** At `step` pace, steps to the end and gives how many messages were sent; else 0. */
  stepAll(): number;
};

function replayAt(recording: Recording, pace: ReplayPace): Replay {
  const time = fakeTime();
  const stepped = pace === 'step' ? replayRecording(recording, { pace }) : undefined;
  const replayed = stepped ?? replayRecording(recording, { pace, schedule: time.schedule });
  const events: ResponseEvent[] = [];
  replayed.subscribe((event) => events.push(event));
  const stepAll = () => {
    let steps = 0;
    while (stepped?.step()) steps += 1;
    return steps;
  };
  return { replayed, events, waits: time.waits, stepAll };
}

/** A clock for the recording that moves on by `step` ms at each read: every message gets its own time. */
function steppingClock(step: number): () => number {
  let ms = 0;
  return () => {
    ms += step;
    return ms;
  };
}

/** The gaps between messages at a pace (what `recorded` and a speed wait; nothing at `instant` or `step`). */
function expectedWaits(recording: Recording, pace: ReplayPace): number[] {
  if (pace === 'instant' || pace === 'step') return [];
  const speed = pace === 'recorded' ? 1 : pace;
  return recording.messages
    .map((message, index) => (message.at - (recording.messages[index - 1]?.at ?? 0)) / speed)
    .filter((ms) => ms > 0);
}

/** Events as plain data (errors by class, code and message), to compare replays with each other. */
function plainEvents(events: readonly ResponseEvent[]): unknown[] {
  return events.map((event) => (event.type === 'error' ? { ...event, error: errorRecord(event.error) } : event));
}

describe.each(SOURCES)('record → replay, a response in %s', (source) => {
  it('every pace ends with the same milestones, store, observations and data as the recorded run', async () => {
    await fc.assert(
      fc.asyncProperty(recordedCase, fc.integer({ min: 0, max: 40 }), async (spec, tick) => {
        const original = responseIn(source, spec);
        const seen = observe(original);
        const recorded = await recordResponse(original, { source, now: steppingClock(tick) }).done;
        const recording = parseRecording(serializeRecording(recorded));
        expect(recording).toEqual(recorded);
        const expected = await seen();
        let instantEvents: unknown[] | undefined;
        for (const pace of PACES) {
          const replay = replayAt(recording, pace);
          const observed = observe(replay.replayed);
          expect(replay.stepAll()).toBe(pace === 'step' ? recording.messages.length : 0);
          expect(await observed()).toEqual(expected);
          expect(replay.waits).toEqual(expectedWaits(recording, pace));
          instantEvents ??= plainEvents(replay.events);
          expect(plainEvents(replay.events)).toEqual(instantEvents);
        }
      }),
      { numRuns: 30 },
    );
  });
});
