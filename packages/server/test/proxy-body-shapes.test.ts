import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BodyAnswer, pinnedTools, searchTool, startBodyProxy } from './support/body-proxy';

// Issue 45, case 9: `{"tools":[null]}` answered 500, which clients retry. Every shape a client can
// give the tool fields is its own input error: 400 with a stable code, and the upstream never called.
// Every other field is passed on or forced, as the server guide says, whatever its value.

const chat = { messages: [{ role: 'user', content: 'hi' }], stream: true };
const search = { type: 'function', function: searchTool };
const withName = (name: unknown) => ({ type: 'function', function: { ...searchTool, name } });

const ENTRY = 'each "tools" entry must be { type: "function", function: { name, parameters } }';
const LIST = '"tools" must list allowed tools';
const CHOICE = '"tool_choice" may only be auto, none, required or an allowed tool';
const PARALLEL = '"parallel_tool_calls" must be a boolean';

/** [field, value, message] with `allowTools` pinning search_tickets and output: 400 tool_not_allowed. */
const pinnedRefusals: [string, unknown, string][] = [
  ['tools', [null], ENTRY],
  ['tools', [search, null], ENTRY],
  ['tools', [0], ENTRY],
  ['tools', [true], ENTRY],
  ['tools', ['search_tickets'], ENTRY],
  ['tools', [[search]], ENTRY],
  ['tools', [{}], ENTRY],
  ['tools', [{ type: 'function' }], ENTRY],
  ['tools', [{ type: 'function', function: null }], ENTRY],
  ['tools', [{ type: 'function', function: [] }], ENTRY],
  ['tools', [{ type: 'function', function: [searchTool] }], ENTRY],
  ['tools', [{ type: 'function', function: 7 }], ENTRY],
  ['tools', [{ type: 'function', function: 'search_tickets' }], ENTRY],
  ['tools', [withName(null)], ENTRY],
  ['tools', [withName(7)], ENTRY],
  ['tools', [withName(['search_tickets'])], ENTRY],
  ['tools', [withName({ name: 'search_tickets' })], ENTRY],
  ['tools', [{ function: searchTool }], ENTRY],
  ['tools', [{ type: null, function: searchTool }], ENTRY],
  ['tools', [{ type: 'Function', function: searchTool }], ENTRY],
  ['tools', [withName('__proto__')], 'tool "__proto__" is not allowed'],
  ['tools', [withName('constructor')], 'tool "constructor" is not allowed'],
  ['tools', [withName('hasOwnProperty')], 'tool "hasOwnProperty" is not allowed'],
  ['tools', [withName('x'.repeat(1000))], `tool "${'x'.repeat(64)}" is not allowed`],
  [
    'tools',
    [{ type: 'function', function: { ...searchTool, parameters: [[[null, { a: [{}] }]]] } }],
    `tool "search_tickets": its parameters differ from the server's`,
  ],
  [
    'tools',
    [{ type: 'function', function: { ...searchTool, parameters: null } }],
    `tool "search_tickets": its parameters differ from the server's`,
  ],
  ['tools', null, LIST],
  ['tools', 0, LIST],
  ['tools', true, LIST],
  ['tools', 'search_tickets', LIST],
  ['tools', {}, LIST],
  ['tools', { 0: search, length: 1 }, LIST],
  ['tools', [search, search, search], LIST],
  ['tools', new Array(10_000).fill(null), LIST],
  ['tool_choice', null, CHOICE],
  ['tool_choice', 0, CHOICE],
  ['tool_choice', true, CHOICE],
  ['tool_choice', 'any', CHOICE],
  ['tool_choice', 'AUTO', CHOICE],
  ['tool_choice', [], CHOICE],
  ['tool_choice', ['auto'], CHOICE],
  ['tool_choice', {}, CHOICE],
  ['tool_choice', { type: 'function' }, CHOICE],
  ['tool_choice', { type: 'function', function: null }, CHOICE],
  ['tool_choice', { type: 'function', function: [] }, CHOICE],
  ['tool_choice', { type: 'function', function: { name: null } }, CHOICE],
  ['tool_choice', { type: 'function', function: { name: ['search_tickets'] } }, CHOICE],
  ['tool_choice', { function: { name: 'search_tickets' } }, CHOICE],
  ['tool_choice', { type: 'function', function: { name: '__proto__' } }, CHOICE],
  ['parallel_tool_calls', null, PARALLEL],
  ['parallel_tool_calls', 'true', PARALLEL],
  ['parallel_tool_calls', 0, PARALLEL],
  ['parallel_tool_calls', [], PARALLEL],
  ['parallel_tool_calls', {}, PARALLEL],
];

/** [field, value]: refused as 400 tools_not_allowed, `allowTools` or not (legacy `functions` always). */
const legacyRefusals: [string, unknown][] = [
  ['functions', null],
  ['functions', [null]],
  ['functions', [searchTool]],
  ['function_call', null],
  ['function_call', 'auto'],
  ['function_call', { name: 'search_tickets' }],
];

/** [field, value]: without `allowTools` every tool field is refused, whatever its value. */
const unpinnedRefusals: [string, unknown][] = ['tools', 'tool_choice', 'parallel_tool_calls'].flatMap((field) =>
  [null, [null], [search], 'auto', {}, 0, true].map((value): [string, unknown] => [field, value]),
);

const shown = (value: unknown) => JSON.stringify(value).slice(0, 60);
const withField = (field: string, value: unknown) => JSON.stringify({ ...chat, [field]: value });
/** The answer to a refused body: 400 with this code and message, and no upstream call. */
const refused = (code: string, message: string): BodyAnswer => ({
  status: 400,
  json: { error: { message, type: 'proxy_error', code } },
  upstreamCalls: 0,
  forwarded: undefined,
});

describe('createModelProxy with allowTools: every tool-field shape is 400 with a code (issue 45, 9)', () => {
  let proxy: Awaited<ReturnType<typeof startBodyProxy>>;
  beforeAll(async () => {
    proxy = await startBodyProxy({ allowTools: pinnedTools });
  });
  afterAll(() => proxy.close());

  it.each(pinnedRefusals.map(([field, value, message]) => ({ field, value, message, label: shown(value) })))(
    '$field: $label is 400 tool_not_allowed, with no upstream call',
    async ({ field, value, message }) => {
      expect(await proxy.send(withField(field, value))).toEqual(refused('tool_not_allowed', message));
    },
  );

  it.each(legacyRefusals.map(([field, value]) => ({ field, value, label: shown(value) })))(
    '$field: $label is 400 tools_not_allowed, with no upstream call',
    async ({ field, value }) => {
      const answer = await proxy.send(withField(field, value));
      expect(answer).toEqual(refused('tools_not_allowed', `"${field}" is not allowed`));
    },
  );

  it('a pinned tool in the expected shape still passes, as the server defines it', async () => {
    const answer = await proxy.send(
      JSON.stringify({ ...chat, tools: [withName('search_tickets')], tool_choice: 'auto' }),
    );
    expect(answer).toEqual({
      status: 200,
      json: undefined,
      upstreamCalls: 1,
      forwarded: {
        ...chat,
        n: 1,
        max_tokens: 4096,
        tools: [{ type: 'function', function: { ...searchTool, strict: false } }],
        tool_choice: 'auto',
      },
    });
  });
});

describe('createModelProxy without allowTools: every tool field is 400 tools_not_allowed (issue 45, 9)', () => {
  let proxy: Awaited<ReturnType<typeof startBodyProxy>>;
  beforeAll(async () => {
    proxy = await startBodyProxy();
  });
  afterAll(() => proxy.close());

  it.each([...unpinnedRefusals, ...legacyRefusals].map(([field, value]) => ({ field, value, label: shown(value) })))(
    '$field: $label is 400 tools_not_allowed, with no upstream call',
    async ({ field, value }) => {
      const answer = await proxy.send(withField(field, value));
      expect(answer).toEqual(refused('tools_not_allowed', `"${field}" is not allowed`));
    },
  );
});

/** [the body as sent, what the upstream gets]: fields outside the tool rules are passed on or forced. */
const passedOrForced: [string, Record<string, unknown>][] = [
  ['{"messages":null}', { messages: null, n: 1, max_tokens: 4096 }],
  ['{"messages":"hi","stream":"yes"}', { messages: 'hi', stream: 'yes', n: 1, max_tokens: 4096 }],
  ['{"messages":[null,7,{}],"stream":null}', { messages: [null, 7, {}], stream: null, n: 1, max_tokens: 4096 }],
  ['{"model":{"name":["m"]},"stream":{}}', { model: { name: ['m'] }, stream: {}, n: 1, max_tokens: 4096 }],
  ['{"max_tokens":"100"}', { n: 1, max_tokens: 4096 }],
  ['{"max_tokens":0.5}', { n: 1, max_tokens: 4096 }],
  ['{"max_tokens":-3}', { n: 1, max_tokens: 4096 }],
  ['{"max_tokens":null}', { n: 1, max_tokens: 4096 }],
  ['{"max_tokens":[200]}', { n: 1, max_tokens: 4096 }],
  ['{"max_tokens":1e999}', { n: 1, max_tokens: 4096 }],
  ['{"max_tokens":100.7}', { n: 1, max_tokens: 100 }],
  ['{"max_completion_tokens":"5"}', { n: 1, max_completion_tokens: 4096 }],
  ['{"n":"many","__proto__":{"max_tokens":1},"constructor":null}', { n: 1, max_tokens: 4096 }],
];

describe('createModelProxy: other body fields are passed on or forced, whatever their value (issue 45, 9)', () => {
  let proxy: Awaited<ReturnType<typeof startBodyProxy>>;
  beforeAll(async () => {
    proxy = await startBodyProxy();
  });
  afterAll(() => proxy.close());

  it.each(passedOrForced.map(([text, forwarded]) => ({ text, forwarded })))(
    '$text reaches the upstream once, as documented',
    async ({ text, forwarded }) => {
      expect(await proxy.send(text)).toEqual({ status: 200, json: undefined, upstreamCalls: 1, forwarded });
    },
  );

  it.each(['null', '0', '"hi"', 'true', '[]', '[{"messages":[]}]'])(
    'a body that is %s, not an object, is 400 invalid_body, with no upstream call',
    async (text) => {
      expect(await proxy.send(text)).toEqual(refused('invalid_body', 'the body must be a JSON object'));
    },
  );
});
