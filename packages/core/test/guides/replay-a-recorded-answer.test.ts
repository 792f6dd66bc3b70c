import { readFileSync } from 'node:fs';
import { createFieldStore } from '@fieldstream/core';
import { parseRecording, replayRecording } from '@fieldstream/core/recording';
import { expect, it } from 'vitest';

const recording = parseRecording(
  readFileSync(new URL('../fixtures/recordings/anthropic-messages.recording.json', import.meta.url), 'utf8'),
);

it('shows the reasoning first, then the answer, then the validated data', async () => {
  const replay = replayRecording(recording, { pace: 'step' });
  const store = createFieldStore(replay);

  replay.step(); // the first attempt starts
  expect(store.getState().status).toBe('streaming');

  replay.step(); // the model thinks
  expect(store.getState().reasoning).toBe('The disk is full, so writes stop.');
  expect(store.getState().data).toEqual({});

  replay.step(); // the answer, validated
  expect(store.getState().status).toBe('done');
  expect(store.getState().final).toEqual({
    status_summary: 'Disk full on db-1 — writes 😀 paused',
    risk_flags: ['data loss'],
  });
  expect(replay.step()).toBe(false);
  expect(await replay.getData()).toEqual(store.getState().final);
});
