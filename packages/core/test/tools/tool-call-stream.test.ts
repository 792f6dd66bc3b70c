import {
  createFieldStore,
  createResponse,
  OutputParseError,
  type StreamingData,
  selectToolCalls,
} from '@fieldstream/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelEvent } from '../../src/providers/model';
import { TOOL_CALL_LIMITS, ToolCallStream } from '../../src/response/tool-call-stream';
import { mergeDeltas } from '../support/events';

/** Splits `text` at the given cut points (sorted, deduplicated, inside the text). */
function cut(text: string, points: readonly number[]): string[] {
  const at = [...new Set(points.map((p) => p % (text.length + 1)))].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = 0;
  for (const end of at) {
    parts.push(text.slice(start, end));
    start = end;
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part !== '');
}

async function run(events: readonly ModelEvent[], outputTool?: string) {
  const stream = new ToolCallStream(outputTool, 64);
  const patches: StreamingData[] = [];
  let answer = '';
  for (const event of events) {
    if (event.type === 'tool_call') {
      const pushed = stream.push(event);
      patches.push(...pushed.patches);
      answer += pushed.answer;
    } else if (event.type === 'tool_call_end') patches.push(...(await stream.end(event.key)));
  }
  patches.push(...(await stream.finish()));
  return { patches, answer };
}

const A = '{"query": "disk \\u2014 full", "filters": {"tags": ["db", "p1"], "limit": 5, "open": true}}';
const B = '{"title": "db-1 😀 down", "notes": null}';

/** Two calls interleaved: A's and B's fragments alternate while both have some left. */
function interleaved(a: string[], b: string[]): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'tool_call', key: 7, id: 'call_a', name: 'search', delta: '' },
    { type: 'tool_call', key: 3, id: 'call_b', name: 'file', delta: '' },
  ];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== undefined) events.push({ type: 'tool_call', key: 7, delta: a[i] as string });
    if (b[i] !== undefined) events.push({ type: 'tool_call', key: 3, delta: b[i] as string });
  }
  return events;
}

describe('ToolCallStream', () => {
  it('per call, the patches are the same under every fragmentation and interleaving (property)', async () => {
    const perCall = (patches: StreamingData[], index: number) =>
      mergeDeltas(patches.filter((patch) => patch.indexes[0] === index));
    const reference = await run(interleaved([A], [B]));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 30 }), async (pa, pb) => {
        const { patches } = await run(interleaved(cut(A, pa), cut(B, pb)));
        expect(perCall(patches, 0)).toEqual(perCall(reference.patches, 0));
        expect(perCall(patches, 1)).toEqual(perCall(reference.patches, 1));
        expect(patches.at(-2)?.value).toEqual({ id: 'call_a', name: 'search', arguments: JSON.parse(A) });
        expect(patches.at(-1)?.value).toEqual({ id: 'call_b', name: 'file', arguments: JSON.parse(B) });
      }),
      { numRuns: 200 },
    );
  });

  it('the output tool call is answer text, not a call; the next call of that name is a call', async () => {
    const { patches, answer } = await run(
      [
        { type: 'tool_call', key: 0, id: 'o', name: 'output', delta: '{"a":' },
        { type: 'tool_call', key: 0, delta: '1}' },
        { type: 'tool_call', key: 1, id: 'x', name: 'output', delta: '{}' },
      ],
      'output',
    );
    expect(answer).toBe('{"a":1}');
    expect(patches.at(-1)?.value).toEqual({ id: 'x', name: 'output', arguments: {} });
    expect(patches.every((patch) => patch.indexes[0] === 0)).toBe(true);
  });

  it('prototype keys in arguments stay own data in the store; names and ids are values', async () => {
    const hostile = '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}';
    const response = createResponse({
      model: async function* () {
        yield { type: 'tool_call', key: 0, id: '__proto__', name: 'constructor', delta: hostile } satisfies ModelEvent;
      },
      input: 'x',
    });
    const store = createFieldStore(response);
    const [call] = await response.getToolCalls();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(call?.id).toBe('__proto__');
    expect(Object.getPrototypeOf(call?.arguments)).toBe(Object.prototype);
    expect(Object.hasOwn(call?.arguments as object, '__proto__')).toBe(true);
    const listed = selectToolCalls(store.getState())[0];
    expect(Object.hasOwn(listed?.arguments as object, '__proto__')).toBe(true);
    expect(store.getField('$tools[0].arguments["__proto__"].polluted').value).toBe(true);
  });

  it('limits: too many calls, an oversized id or name, arguments past the cap, arguments that are not JSON', async () => {
    const many: ModelEvent[] = Array.from({ length: TOOL_CALL_LIMITS.calls + 1 }, (_, key) => ({
      type: 'tool_call' as const,
      key,
      name: 't',
      delta: '{}',
    }));
    await expect(run(many)).rejects.toThrow(/more than 64 tool calls/);
    await expect(run([{ type: 'tool_call', key: 0, id: 'x'.repeat(257), name: 't', delta: '' }])).rejects.toThrow(
      OutputParseError,
    );
    await expect(run([{ type: 'tool_call', key: 0, name: 'n'.repeat(257), delta: '' }])).rejects.toThrow(
      /name exceeds/,
    );
    const big = 'x'.repeat(TOOL_CALL_LIMITS.argumentChars);
    await expect(
      run([
        { type: 'tool_call', key: 0, name: 't', delta: `{"a":"${big}` },
        { type: 'tool_call', key: 0, delta: '"}' },
      ]),
    ).rejects.toThrow(/arguments exceed 1000000 characters/);
    await expect(run([{ type: 'tool_call', key: 0, name: 't', delta: 'not json' }])).rejects.toThrow(
      /tool call 0 \(t\): its arguments are not JSON/,
    );
  });

  it('a response whose tool arguments break retries like a parse failure, keeping what streamed', async () => {
    let attempt = 0;
    const response = createResponse({
      model: async function* () {
        const delta = attempt++ === 0 ? 'not json' : '{"q": "ok"}';
        yield { type: 'tool_call', key: 0, id: 'c', name: 'search', delta } satisfies ModelEvent;
      },
      input: 'x',
    });
    expect(await response.getToolCalls()).toEqual([{ index: 0, id: 'c', name: 'search', arguments: { q: 'ok' } }]);
    expect(response.events.map((event) => event.type)).toContain('model.retrying');
  });
});

describe('output through a tool: text beside the call', () => {
  it('goes to $reasoning; the data is the arguments', async () => {
    const response = createResponse({
      model: async function* () {
        yield { type: 'text', delta: 'Filing it now.' } satisfies ModelEvent;
        yield { type: 'tool_call', key: 1, id: 'c', name: 'output', delta: '{"title": "x"}' } satisfies ModelEvent;
      },
      input: 'x',
      output: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      outputTool: true,
    });
    const store = createFieldStore(response);
    expect(await response.getData()).toEqual({ title: 'x' });
    expect(store.getState().reasoning).toBe('Filing it now.');
    expect(await response.getText()).toBe('{"title": "x"}');
  });

  it('a tool option that cannot work fails the response before any request', async () => {
    let called = false;
    const response = createResponse({
      model: async function* () {
        called = true;
        yield { type: 'text', delta: '' } satisfies ModelEvent;
      },
      input: 'x',
      outputTool: true,
    });
    await expect(response.getData()).rejects.toThrow(/outputTool needs an `output` schema/);
    expect(called).toBe(false);
  });
});
