import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFieldStore } from '@fieldstream/core';
import { parseRecording, replayRecording } from '@fieldstream/core/recording';
import { useInstantField, useStreamStatus } from '@fieldstream/react';
import { act, renderHook } from '@testing-library/react';
import { expect, it } from 'vitest';
import { describeInModes } from './support/modes';

// A recorded answer replayed step by step into the hooks: each step renders what the recorded run
// showed after that message (core/test/fixtures/recordings/anthropic-messages.recording.json).
const recording = parseRecording(
  readFileSync(join(process.cwd(), 'packages/core/test/fixtures/recordings/anthropic-messages.recording.json'), 'utf8'),
);

describeInModes('a replayed recording in the hooks', (mode) => {
  it('status and a field follow the recording one message at a time', () => {
    const replay = replayRecording(recording, { pace: 'step' });
    const store = createFieldStore(replay);
    const { result } = renderHook(
      () => ({
        status: useStreamStatus(store, { schedule: 'sync' }).status,
        summary: useInstantField(store, 'status_summary', { schedule: 'sync' }).value,
      }),
      { wrapper: mode.wrapper },
    );
    expect(result.current).toEqual({ status: 'idle', summary: undefined });
    act(() => {
      replay.step();
    });
    expect(result.current).toEqual({ status: 'streaming', summary: undefined });
    act(() => {
      replay.step();
    });
    expect(result.current).toEqual({ status: 'streaming', summary: undefined });
    act(() => {
      replay.step();
    });
    expect(result.current).toEqual({ status: 'done', summary: 'Disk full on db-1 — writes 😀 paused' });
  });
});
