import { createResponse } from '@fieldstream/core';
import { type Recording, recordResponse } from '@fieldstream/core/recording';
import { type ScriptedModelOptions, scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it, vi } from 'vitest';

/** A clock that reads 10, 20, 30… ms, one step per read. */
function steppingClock(): () => number {
  let ms = 0;
  return () => {
    ms += 10;
    return ms;
  };
}

/** A response naming someone, from a scripted model with these options. */
function nameResponse(model: ScriptedModelOptions) {
  return createResponse({
    model: scriptedModel(model),
    output: { type: 'object', properties: { name: { type: 'string' } } },
    format: 'json',
    input: 'who?',
  });
}

describe('recordResponse', () => {
  it('records the patch stream a response sends, one message per batch, with its time', async () => {
    const response = nameResponse({ answers: ['{"name": "Ada"}'], chunkSize: 100 });
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
    const response = nameResponse({ answers: ['{"name": "Ada"}'], chunkSize: 2, delayMs: 1 });
    const handle = recordResponse(response, { now: steppingClock() });
    handle.stop();
    const recording: Recording = await handle.done;
    expect(recording.messages).toEqual([]);
    expect(handle.snapshot()).toEqual(recording);
    expect(await response.getData()).toEqual({ name: 'Ada' });
    expect((await handle.done).messages).toEqual([]);
  });

  it('records a settled response from its history on: everything in its first message, then its meta', async () => {
    const response = nameResponse({ answers: ['{"name": "Ada"}'], chunkSize: 100 });
    await response.getData();
    const recording = await recordResponse(response, { now: steppingClock(), observations: false }).done;
    expect(recording.messages).toEqual([
      {
        at: 10,
        events: [
          { k: 'a', n: 0, f: 'json' },
          { k: 's', s: 'streaming' },
          { p: '', v: {} },
          { p: 'name', d: 'Ada' },
          { e: 1 },
          { p: '', e: 1, r: 1 },
          { k: 's', s: 'validating' },
          { k: 'f', r: 1 },
          { k: 's', s: 'done' },
        ],
      },
      // The settled response's meta, read once it settled: the patch stream's last event.
      { at: 20, events: [{ k: 'm', m: expect.objectContaining({ provider: 'scriptedModel', status: 'done' }) }] },
    ]);
  });

  it('snapshot() gives what was recorded so far; the signal stops recording like stop()', async () => {
    const controller = new AbortController();
    const response = nameResponse({ answers: ['{"name": "Ada Lovelace"}'], chunkSize: 3, delayMs: 1 });
    const handle = recordResponse(response, { now: steppingClock(), signal: controller.signal, frameMs: 0 });
    expect(handle.snapshot().messages).toEqual([]);
    await vi.waitUntil(() => handle.snapshot().messages.length >= 2);
    controller.abort();
    const recording = await handle.done;
    expect(recording.messages.length).toBeGreaterThanOrEqual(2);
    expect(handle.snapshot()).toEqual(recording);
    expect(await response.getData()).toEqual({ name: 'Ada Lovelace' });
    expect(handle.snapshot()).toEqual(recording);
  });

  it('checks its arguments', () => {
    const response = createResponse({ model: scriptedModel({ answers: ['{}'] }), format: 'json', input: 'x' });
    expect(() => recordResponse({} as Parameters<typeof recordResponse>[0])).toThrow(
      'recordResponse response.subscribe must be a function',
    );
    expect(() => recordResponse(response, { source: 'disk' as 'page' })).toThrow(/recordResponse options.source/);
    expect(() => recordResponse(response, { now: 5 as unknown as () => number })).toThrow(
      /recordResponse options.now must be a function/,
    );
  });
});
