import {
  createResponse,
  defineOutput,
  type ModelEvent,
  type ResponseEvent,
  type StreamingData,
} from '@fieldstream/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
// The registry's built-in json entry (json's definition without its prompt instructions).
import { jsonParsing } from '../../src/formats/json/json-parsing';
import { chunks, collect, deferred, scripted } from './model-helpers';

const output = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  score: ['integer', '0-10'],
});
const answer = '{"summary": "All good", "score": 7}';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('laziness and caching', () => {
  it('requests nothing until a consumer starts the response', async () => {
    const model = scripted(chunks(answer));
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    await Promise.resolve();
    expect(model.requests).toHaveLength(0);
    expect(response.status).toBe('idle');
    await response.getData();
    expect(model.requests).toHaveLength(1);
  });

  it('getData twice makes one request and returns the same promise', async () => {
    const model = scripted(chunks(answer));
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const first = response.getData();
    expect(response.getData()).toBe(first);
    expect(await first).toEqual({ summary: 'All good', score: 7 });
    expect(await response.getData()).toEqual({ summary: 'All good', score: 7 });
    expect(await response.getText()).toBe(answer);
    await collect(response.instant());
    expect(model.requests).toHaveLength(1);
  });

  it('start() begins without consuming, once', async () => {
    const model = scripted(chunks(answer));
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    response.start();
    response.start();
    await response.getMeta();
    expect(model.requests).toHaveLength(1);
  });
});

describe('instant() consumers', () => {
  it('get the events of one parse, however many consumers there are; a late one gets them compact', async () => {
    const createSpy = vi.spyOn(jsonParsing, 'createStreamParser');
    let pushes = 0;
    createSpy.mockImplementation((options) => wrapPushes(realCreate(options), () => pushes++));
    const pieces = chunks(answer, 4);
    const model = scripted(pieces);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const [a, b] = await Promise.all([collect(response.instant()), collect(response.instant())]);
    const late = await collect(response.instant());
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    // Joining after the end replays the compact history: a path's deltas coalesced into one.
    expect(late.map(({ path, event_type, delta, value }) => [path, event_type, delta, value])).toEqual([
      ['', 'delta', '', {}],
      ['summary', 'delta', 'All good', 'All good'],
      ['summary', 'done', '', 'All good'],
      ['score', 'done', '', 7],
      ['', 'done', '', { summary: 'All good', score: 7 }],
    ]);
    expect(a.filter((event) => event.path === 'summary' && event.event_type === 'delta').length).toBeGreaterThan(1);
    expect(late.filter((event) => event.event_type === 'done')).toEqual(
      a.filter((event) => event.event_type === 'done'),
    );
    expect(model.requests).toHaveLength(1);
    expect(createSpy).toHaveBeenCalledTimes(1);
    expect(pushes).toBe(pieces.length);
    expect(a.filter((event) => event.event_type === 'done').map((event) => event.path)).toEqual([
      'summary',
      'score',
      '',
    ]);
    expect(
      a
        .filter((event) => event.path === 'summary')
        .map((event) => event.delta)
        .join(''),
    ).toBe('All good');
  });

  it('a consumer that joins mid-stream still gets every event from the start', async () => {
    const gate = deferred();
    const model = scripted(['{"summary": "All', { wait: gate.promise }, ' good", "score": 7}']);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const early = collect(response.instant());
    await vi.waitFor(() => expect(response.status).toBe('streaming'));
    const late = collect(response.instant());
    gate.resolve();
    expect(await late).toEqual(await early);
  });
});

describe('deltas(), getText(), getMeta()', () => {
  it('streams the answer text without the reasoning block', async () => {
    const model = scripted(['<thi', 'nk>weighing', ' it</think>\n{"summary": ', '"ok", "score": 1}']);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const text = (await collect(response.deltas())).join('');
    expect(text).toBe('{"summary": "ok", "score": 1}');
    expect(await response.getText()).toBe(text);
    const reasoning = (await collect(response.instant())).filter((event) => event.path === '$reasoning');
    expect(reasoning.at(-1)).toMatchObject({ event_type: 'done', value: 'weighing it' });
  });

  it('merges meta, sums usage over attempts and reports format, repair and attempts', async () => {
    const usage = (input: number, output: number): ModelEvent => ({
      type: 'meta',
      meta: { usage: { input_tokens: input, output_tokens: output } },
    });
    const model = scripted(
      [{ type: 'meta', meta: { model: 'm-1' } }, usage(10, 0), '{"score": 1}', usage(10, 4)],
      [{ type: 'meta', meta: { model: 'm-2', finish_reason: 'length' } }, '{"summary": "cut', usage(12, 5)],
    );
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    expect(await response.getData()).toEqual({ summary: 'cut' });
    expect(await response.getMeta()).toEqual({
      model: 'm-2',
      finish_reason: 'length',
      requestedFormat: 'json',
      resolvedFormat: 'json',
      repaired: true,
      attempts: 2,
      usage: { input_tokens: 22, output_tokens: 9 },
      status: 'done',
    });
  });

  it('without an output schema the answer is text', async () => {
    const model = scripted(['Hello ', 'there.']);
    const response = createResponse({ model, input: 'Say hi' });
    expect(await response.getData()).toBe('Hello there.');
    expect((await collect(response.deltas())).join('')).toBe('Hello there.');
    expect(model.requests[0]).toMatchObject({ format: 'text', prompt: '[INPUT]\nSay hi\n\n[OUTPUT]:' });
    expect((await response.getMeta()).requestedFormat).toBe('text');
  });

  it('format text with an output schema is a clear options error, made before any request', () => {
    const model = scripted(['x']);
    const output = defineOutput({ title: ['string', '', 'not_null'] });
    expect(() => createResponse({ model, input: 'x', output, format: 'text' })).toThrow(
      expect.objectContaining({
        code: 'RESPONSE_OPTIONS_INVALID',
        message:
          'format text returns plain text and cannot carry an output schema; drop `output` or pick a structured format',
      }),
    );
    expect(model.requests).toEqual([]);
  });
});

describe('model events', () => {
  it('passes already-parsed patch events through and builds the data from them', async () => {
    const patch = (path: string, value: unknown, done: boolean): StreamingData => ({
      path,
      wildcard_path: path,
      indexes: [],
      delta: done ? '' : String(value),
      value,
      is_complete: done,
      event_type: done ? 'done' : 'delta',
    });
    const events = [patch('summary', 'Hi', false), patch('summary', 'Hi', true), patch('score', 3, true)];
    const createSpy = vi.spyOn(jsonParsing, 'createStreamParser');
    const model = scripted(events.map((data): ModelEvent => ({ type: 'patch', data })));
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    expect(await collect(response.instant())).toEqual(events);
    expect(await response.getData()).toEqual({ summary: 'Hi', score: 3 });
    expect(createSpy).not.toHaveBeenCalled();
  });

  it('turns native reasoning deltas into $reasoning patches closed when the answer starts', async () => {
    const model = scripted([
      { type: 'reasoning', delta: 'Let me ' },
      { type: 'reasoning', delta: 'think.' },
      '{"summary": "x"}',
    ]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const reasoning = (await collect(response.instant())).filter((event) => event.path === '$reasoning');
    expect(reasoning.map((event) => [event.event_type, event.delta, event.value])).toEqual([
      ['delta', 'Let me ', 'Let me '],
      ['delta', 'think.', 'Let me think.'],
      ['done', '', 'Let me think.'],
    ]);
  });
});

describe('subscribe (ResponseSource)', () => {
  it('replays the history to a late subscriber and reports attempts, statuses and the final data', async () => {
    const model = scripted(['{"summary": null}'], [answer]);
    const response = createResponse({ model, input: 'x', output, format: 'json', earlyValidation: false });
    await response.getData();
    const seen: ResponseEvent[] = [];
    response.subscribe((event) => seen.push(event));
    const outline = seen
      .filter((event) => event.type !== 'patch' && event.type !== 'text')
      .map((event) => {
        if (event.type === 'status') return `status:${event.attempt}:${event.status}`;
        if (event.type === 'attempt') return `attempt:${event.attempt}:${event.format}:${event.reason ?? ''}`;
        return `${event.type}:${event.attempt}`;
      });
    expect(outline).toEqual([
      'attempt:0:json:',
      'status:0:streaming',
      'status:0:validating',
      'status:0:retrying',
      'attempt:1:json:ensure_failed',
      'status:1:streaming',
      'status:1:validating',
      'final:1',
      'status:1:done',
    ]);
    expect(seen.find((event) => event.type === 'final')).toEqual({
      type: 'final',
      attempt: 1,
      data: { summary: 'All good', score: 7 },
    });
    expect(new Set(seen.filter((e) => e.type === 'patch').map((e) => e.attempt))).toEqual(new Set([0, 1]));
  });

  it('a listener that throws does not break the response, other listeners or the process', async () => {
    const model = scripted([answer]);
    const response = createResponse({ model, input: 'x', output, format: 'json' });
    const uncaught: unknown[] = [];
    const onError = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onError);
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    const others: string[] = [];
    try {
      let thrown = false;
      response.subscribe(() => {
        if (thrown) return;
        thrown = true;
        throw new Error('listener bug');
      });
      response.subscribe((event) => others.push(event.type));
      expect(await response.getData()).toEqual({ summary: 'All good', score: 7 });
      await new Promise((resolve) => setTimeout(resolve, 0));
      // Reported with console.error, never as an uncaught exception (which ends a Node process).
      expect(uncaught).toEqual([]);
      expect(reported).toHaveBeenCalledTimes(1);
      expect(reported.mock.calls[0]?.[1]).toEqual(expect.objectContaining({ message: 'listener bug' }));
      expect(others.at(-1)).toBe('status');
      expect(others).toContain('final');
    } finally {
      process.off('uncaughtException', onError);
      reported.mockRestore();
    }
  });
});

// The real json parser, captured before any spy replaces it.
const realCreate = jsonParsing.createStreamParser;
function wrapPushes<P extends { push(chunk: string): StreamingData[] }>(parser: P, onPush: () => void): P {
  const push = parser.push.bind(parser);
  parser.push = (chunk: string) => {
    onPush();
    return push(chunk);
  };
  return parser;
}
