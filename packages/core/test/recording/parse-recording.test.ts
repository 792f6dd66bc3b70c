import { createFieldStore } from '@fieldstream/core';
import { parseRecording, type Recording, RecordingError, replayRecording } from '@fieldstream/core/recording';
import { afterEach, describe, expect, it } from 'vitest';

// A recording file is untrusted input: size-limited, checked field by field, own fields only.

const header = '"format":"fieldstream-recording","version":1,"source":"page"';
const valid = `{${header},"messages":[{"at":0,"events":[{"k":"a","n":0,"f":"json"}]}]}`;

/** The `RecordingError` parsing `text` throws, as plain data. */
function refusal(text: string, maxBytes?: number): unknown {
  try {
    parseRecording(text, maxBytes === undefined ? {} : { maxBytes });
  } catch (error) {
    expect(error).toBeInstanceOf(RecordingError);
    const { code, path, message } = error as RecordingError;
    return { code, path, message };
  }
  throw new Error('parsed');
}

afterEach(() => {
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
});

describe('parseRecording', () => {
  it('reads a recording', () => {
    expect(parseRecording(valid)).toEqual({
      format: 'fieldstream-recording',
      version: 1,
      source: 'page',
      messages: [{ at: 0, events: [{ k: 'a', n: 0, f: 'json' }] }],
    });
  });

  it('refuses text over maxBytes, counted in UTF-8 bytes', () => {
    const text = `{${header},"label":"${'é'.repeat(40)}","messages":[]}`;
    expect([text.length, new TextEncoder().encode(text).length]).toEqual([127, 167]);
    expect(refusal(text, 150)).toEqual({
      code: 'RECORDING_TOO_LARGE',
      path: '',
      message: 'The recording is larger than 150 bytes',
    });
    expect(parseRecording(text, { maxBytes: 200 }).label).toBe('é'.repeat(40));
  });

  it.each([
    ['not JSON', '{"format":', '', 'the text is not JSON'],
    ['a list', '[]', '', 'a recording must be an object'],
    [
      'another format',
      '{"format":"har","version":1,"source":"page","messages":[]}',
      'format',
      'format must be "fieldstream-recording"',
    ],
    [
      'a later version',
      `{"format":"fieldstream-recording","version":2,"source":"page","messages":[]}`,
      'version',
      'version must be 1 (the only version there is)',
    ],
    [
      'an unknown source',
      `{"format":"fieldstream-recording","version":1,"source":"disk","messages":[]}`,
      'source',
      'source must be one of page, wire, worker',
    ],
    ['a label that is no string', `{${header},"label":7,"messages":[]}`, 'label', 'label must be a string'],
    ['no messages', `{${header}}`, 'messages', 'messages must be a list'],
    [
      'an unknown field',
      `{${header},"headers":{"authorization":"x"},"messages":[]}`,
      '',
      'a recording has an unknown field "headers"',
    ],
    [
      'a __proto__ field',
      `{${header},"__proto__":{"polluted":true},"messages":[]}`,
      '',
      'a recording has an unknown field "__proto__"',
    ],
    ['a message that is no object', `{${header},"messages":[1]}`, 'messages[0]', 'messages[0] must be an object'],
    [
      'a message with an unknown field',
      `{${header},"messages":[{"at":0,"events":[],"raw":"x"}]}`,
      'messages[0]',
      'messages[0] has an unknown field "raw"',
    ],
    [
      'a time going back',
      `{${header},"messages":[{"at":5,"events":[]},{"at":4,"events":[]}]}`,
      'messages[1].at',
      'messages[1].at must be a finite number of milliseconds, not less than the one before',
    ],
    [
      'a negative time',
      `{${header},"messages":[{"at":-1,"events":[]}]}`,
      'messages[0].at',
      'messages[0].at must be a finite number of milliseconds, not less than the one before',
    ],
    [
      'a time that is a string',
      `{${header},"messages":[{"at":"0","events":[]}]}`,
      'messages[0].at',
      'messages[0].at must be a finite number of milliseconds, not less than the one before',
    ],
    [
      'events that are no list',
      `{${header},"messages":[{"at":0,"events":{}}]}`,
      'messages[0].events',
      'messages[0].events must be a list of objects',
    ],
    [
      'an event that is no object',
      `{${header},"messages":[{"at":0,"events":[null]}]}`,
      'messages[0].events',
      'messages[0].events must be a list of objects',
    ],
  ])('refuses %s', (_, text, path, reason) => {
    expect(refusal(text)).toEqual({
      code: 'RECORDING_INVALID',
      path,
      message: `Not a Fieldstream recording: ${reason}`,
    });
  });

  it('keeps prototype keys in events as data when the recording is replayed', async () => {
    const text =
      `{${header},"messages":[{"at":0,"events":[{"k":"a","n":0,"f":"json"},{"p":"","v":{}},` +
      '{"p":"__proto__","v":{"polluted":true}},{"p":"","e":1,"r":1},{"k":"f","r":1},{"k":"s","s":"done"}]}]}';
    const replay = replayRecording(parseRecording(text));
    const store = createFieldStore(replay);
    const data = await replay.getData();
    expect(Object.hasOwn(data as object, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(Object.hasOwn(store.getState().final as object, '__proto__')).toBe(true);
  });

  it('checks its arguments', () => {
    expect(() => parseRecording(7 as unknown as string)).toThrow(
      'parseRecording text must be a string, got the number 7',
    );
    expect(() => parseRecording(valid, { maxBytes: 0 })).toThrow(/parseRecording options.maxBytes/);
  });

  it('what it returns is a copy: changing it leaves the parsed text alone', () => {
    const first: Recording = parseRecording(valid);
    first.messages.push({ at: 9, events: [] });
    expect(parseRecording(valid).messages).toHaveLength(1);
  });
});
