// A recorded run replayed into every binding (issue 48): step by step, LiveForm shows after each
// message what a store fed the same messages holds, and the end is the recorded run's end; a
// replay started by useResponse runs to the recorded final data.
import { createFieldStore, createResponse, type FieldStore } from '@fieldstream/core';
import { type Recording, recordResponse, replayRecording } from '@fieldstream/core/recording';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect } from 'vitest';
import type { SuiteContext } from './binding-driver';
import { fieldAt, valueAt } from './form-queries';
import { incident } from './incident-output';

const answers = [
  '{"summary": "", "meta": {"score": 3, "owner": "ops"}, "steps": []}',
  '{"summary": "Disk full on db-1", "meta": {"score": 7, "owner": "ada"}, "steps": [{"title": "Free space", "done": true}]}',
];
const FINAL = {
  summary: 'Disk full on db-1',
  meta: { score: 7, owner: 'ada' },
  steps: [{ title: 'Free space', done: true }],
};

/** A run rejected once (an empty summary) and retried, recorded one message per event-loop turn. */
async function recordedRun(): Promise<Recording> {
  const response = createResponse({
    model: scriptedModel({ answers, chunkSize: 9, seed: 2 }),
    input: 'incident',
    output: incident,
    format: 'json',
    maxRetries: 1,
    validate: (data) => (data as { summary: string }).summary !== '',
  });
  let ms = 0;
  return recordResponse(response, { frameMs: 0, now: () => (ms += 10) }).done;
}

const PATHS = ['summary', 'meta.score', 'meta.owner', 'steps[0].title', 'steps[0].done'];

/** What a form shows of each scalar field: its text, or `-` when the field is not drawn. */
function shown(form: HTMLElement): string[] {
  return PATHS.map((path) =>
    form.querySelector(`.fs-field[data-path="${path}"]`) === null ? '-' : (valueAt(form, path) ?? ''),
  );
}

/** The same, read from a store: its value's text at each drawn path. */
function held(store: FieldStore, drawn: readonly string[]): string[] {
  return PATHS.map((path, index) => {
    if (drawn[index] === '-') return '-';
    const { value } = store.getField(path);
    return value === undefined ? '' : String(value);
  });
}

export function replayCases({ driver, it }: SuiteContext): void {
  const { settle } = driver;

  describe('a recorded run, replayed', () => {
    it('step by step, LiveForm shows what a store fed the same messages holds, and ends as recorded', async () => {
      const recording = await recordedRun();
      const replay = replayRecording(recording, { pace: 'step' });
      const beside = replayRecording(recording, { pace: 'step' });
      const besideStore = createFieldStore(beside);
      const form = driver.mountForm(createFieldStore(replay), incident, { schedule: 'sync' }).root();
      const statuses: string[] = [];
      for (let more = true; more; ) {
        await settle(() => {
          more = replay.step();
          beside.step();
        });
        statuses.push(form.querySelector('.fs-live-form')?.getAttribute('data-status') ?? '');
        const drawn = shown(form);
        expect(drawn).toEqual(held(besideStore, drawn));
      }
      await settle(() => replay.getData());
      expect(statuses).toContain('retrying');
      expect(statuses.at(-1)).toBe('done');
      expect(shown(form)).toEqual(['Disk full on db-1', '7', 'ada', 'Free space', 'true']);
      expect(fieldAt(form, 'summary').dataset.phase).toBe('confirmed');
      expect(await beside.getData()).toEqual(FINAL);
    });

    it('started by useResponse, runs to the recorded final data', async () => {
      const recording = await recordedRun();
      const mounted = driver.mountResponse((signal) => replayRecording(recording, { signal }));
      await settle(() => mounted.handle().start());
      await settle(() => (mounted.handle().response as ReturnType<typeof replayRecording>).getData());
      await settle();
      expect(mounted.handle().store.getState()).toMatchObject({ status: 'done', final: FINAL });
      // The elements' status line adds the attempt it ended in (`done (attempt 2)`).
      expect(mounted.root().textContent?.split(' ')[0]).toBe('done');
    });
  });
}
