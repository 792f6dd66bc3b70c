import { createResponse } from '@fieldstream/core';
import { type Recording, recordResponse } from '@fieldstream/core/recording';
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it } from 'vitest';

/** A clock that reads 10, 20, 30… ms, one step per read. */
function steppingClock(): () => number {
  let ms = 0;
  return () => {
    ms += 10;
    return ms;
  };
}

describe('recordResponse', () => {
  it('records the patch stream a response sends, one message per batch, with its time', async () => {
    const response = createResponse({
      model: scriptedModel({ answers: ['{"name": "Ada"}'], chunkSize: 100 }),
      output: { type: 'object', properties: { name: { type: 'string' } } },
      format: 'json',
      input: 'who?',
    });
    const recording = await recordResponse(response, { label: 'one chunk', now: steppingClock() }).done;
    expect(recording.format).toBe('fieldstream-recording');
    expect(recording.version).toBe(1);
    expect(recording.source).toBe('page');
    expect(recording.label).toBe('one chunk');
    expect(recording.messages.map((message) => message.at)).toEqual(
      recording.messages.map((_, index) => (index + 1) * 10),
    );
    const events = recording.messages.flatMap((message) => message.events);
    expect(events.find((event) => 'k' in event && event.k === 'f')).toEqual({ k: 'f', r: 1 });
    expect(await response.getData()).toEqual({ name: 'Ada' });
  });

  it('stop() settles done with what was recorded, and the response runs on', async () => {
    const response = createResponse({
      model: scriptedModel({ answers: ['{"name": "Ada"}'], chunkSize: 2, delayMs: 1 }),
      output: { type: 'object', properties: { name: { type: 'string' } } },
      format: 'json',
      input: 'who?',
    });
    const handle = recordResponse(response, { now: steppingClock() });
    handle.stop();
    const recording: Recording = await handle.done;
    expect(recording.messages).toEqual([]);
    expect(handle.snapshot()).toEqual(recording);
    expect(await response.getData()).toEqual({ name: 'Ada' });
    expect((await handle.done).messages).toEqual([]);
  });
});
