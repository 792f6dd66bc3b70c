import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BodyAnswer, pinnedTools, searchTool, startBodyProxy } from './support/body-proxy';

// Issue 45, case 9, as a property: whatever JSON (or text) a client posts, the proxy answers either
// 200 after exactly one upstream call, or 400 with a client error code and no upstream call. A 5xx
// would tell the client to retry its own mistake; a 4xx after an upstream call would have spent the key.

/** The codes of the client's own errors in a body (its size, time and headers are in order here). */
const CLIENT_CODES = ['invalid_json', 'invalid_body', 'body_too_deep', 'tools_not_allowed', 'tool_not_allowed'];
const OUTCOMES = [
  { status: 200, upstreamCalls: 1, code: undefined },
  ...CLIENT_CODES.map((code) => ({ status: 400, upstreamCalls: 0, code })),
];

/** JSON values that trip careless field reads (`null.type`, `[].name`, `'x'.function`). */
const junk = fc.oneof(fc.constantFrom(null, [], {}, 0, '', true, [null]), fc.jsonValue());
/** A value that is sometimes right, sometimes junk. */
const near = <T>(right: fc.Arbitrary<T>) => fc.oneof(right, junk);
const functionShape = fc.record(
  {
    name: near(fc.constantFrom('search_tickets', 'output', '__proto__', 'constructor')),
    parameters: near(fc.constantFrom(searchTool.parameters, { type: 'object' })),
    strict: near(fc.boolean()),
  },
  { requiredKeys: [] },
);
const toolShape = near(
  fc.record({ type: near(fc.constant('function')), function: near(functionShape) }, { requiredKeys: [] }),
);
/** Each field a chat body may carry, with values near and far from right. */
const fieldValues: Record<string, fc.Arbitrary<unknown>> = {
  model: near(fc.constant('gpt-4.1-mini')),
  messages: near(fc.array(fc.record({ role: near(fc.constant('user')), content: fc.jsonValue() }), { maxLength: 3 })),
  stream: near(fc.boolean()),
  stream_options: near(fc.record({ include_usage: near(fc.boolean()) })),
  max_tokens: near(fc.oneof(fc.integer(), fc.double())),
  max_completion_tokens: near(fc.oneof(fc.integer(), fc.double())),
  n: near(fc.integer()),
  temperature: near(fc.double()),
  tools: near(fc.array(toolShape, { minLength: 1, maxLength: 3 })),
  tool_choice: near(fc.oneof(fc.constantFrom('auto', 'none', 'required'), toolShape)),
  parallel_tool_calls: near(fc.boolean()),
};
/** JSON number spellings `JSON.stringify` never writes: out of range, underflowing, negative zero. */
const oddNumber = fc.constantFrom('1e999', '-1e999', '1e-400', '-0', '0.5', '4096.9999999999999');
/** Per field, its name and its value's text: the value's JSON, or an odd number. */
const fields = Object.entries(fieldValues).map(([key, values]) =>
  fc.tuple(
    fc.constant(key),
    fc.oneof(
      values.map((value) => JSON.stringify(value)),
      oddNumber,
    ),
  ),
);
/** Now and then a field no chat body should carry: legacy function calling, prototype names, any name. */
const strayField = fc.tuple(
  fc.oneof(fc.constantFrom('functions', 'function_call', '__proto__', 'constructor'), fc.string()),
  junk.map((value) => JSON.stringify(value)),
);
/** A body object's text, written by hand so that `__proto__` keys and repeated keys reach the proxy as sent. */
const chatBody = fc
  .tuple(
    fc.shuffledSubarray(fields).chain((picked) => fc.tuple(...picked)),
    fc.array(strayField, { maxLength: 2 }),
  )
  .map(([fields, strays]) => [...fields, ...strays])
  .map((entries) => `{${entries.map(([key, text]) => `${JSON.stringify(key)}:${text}`).join(',')}}`);
const anyBody = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
);

function outcome(answer: BodyAnswer) {
  const code = (answer.json as { error?: { code?: unknown } } | undefined)?.error?.code;
  return { status: answer.status, upstreamCalls: answer.upstreamCalls, code };
}

describe.each([
  { configured: 'without allowTools', options: {} },
  { configured: 'with allowTools', options: { allowTools: pinnedTools } },
])('createModelProxy $configured: no client body gets a 5xx (issue 45, 9)', ({ options }) => {
  let proxy: Awaited<ReturnType<typeof startBodyProxy>>;
  beforeAll(async () => {
    proxy = await startBodyProxy(options);
  });
  afterAll(() => proxy.close());

  it('any JSON value or text as the body: 200 after one upstream call, or 400 with a code and none', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (text) => {
        expect(OUTCOMES).toContainEqual(outcome(await proxy.send(text)));
      }),
      { numRuns: 300 },
    );
  });

  it('chat bodies mixing the real fields with any JSON values: the same', async () => {
    await fc.assert(
      fc.asyncProperty(chatBody, async (text) => {
        expect(OUTCOMES).toContainEqual(outcome(await proxy.send(text)));
      }),
      { numRuns: 500 },
    );
  });
});
