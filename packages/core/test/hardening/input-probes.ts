import { existsSync } from 'node:fs';

// The bad-input probe table of issue 12: one row per public function and option × wrong type,
// null/undefined, NaN, cyclic, huge, unknown enum value. Each row must end in a typed
// FieldstreamError whose message names `mentions`. The table loads the library from a root
// directory, so `run-probes.ts` can run it against any checkout (before/after counts).

type Member =
  | 'observe'
  | 'subscribe'
  | 'validate'
  | 'abort'
  | 'push'
  | 'finish'
  | 'apply'
  | 'dispatch'
  | 'subscribePath'
  | 'getField'
  | 'getData'
  | 'getState'
  | 'data'
  | 'next';
/** Whatever the probes touch: callable, constructible, and every member is again a `Loose`. */
export type Loose = ((...args: unknown[]) => Loose) & (new (...args: unknown[]) => Loose) & { [K in Member]: Loose };
type Export =
  | 'FieldstreamError'
  | 'createResponse'
  | 'createStreamParser'
  | 'parseOutput'
  | 'parseOutputDetailed'
  | 'parsePath'
  | 'formatPath'
  | 'appendSegment'
  | 'applyPatch'
  | 'defineOutput'
  | 'selectFormat'
  | 'createFieldStore'
  | 'fieldSelector'
  | 'listSelector'
  | 'SSEDecoder'
  | 'parseSSE'
  | 'fetchEventStream'
  | 'openAIChat'
  | 'openAIResponses'
  | 'anthropicMessages'
  | 'agentlyInstant'
  | 'textStream'
  | 'scriptedModel'
  | 'splitReasoning'
  | 'ReasoningSplitter'
  | 'fixtureFetch'
  | 'sseResponse'
  | 'defineContract'
  | 'defineAnswerFlow'
  | 'planOutputContract'
  | 'fromPatchStream';
export type Api = { [K in Export]: Loose };

export type Probe = {
  /** The call, as a reader would write it. */
  name: string;
  /** A word the error message must contain: the argument (or what went wrong). */
  mentions: string;
  /** Another stable code than `ARGUMENT_INVALID` is fine; `SchemaError` is required for cyclic schemas. */
  errorName?: string;
  run(api: Api): unknown;
};

/** Imports the public functions by module path (some are not exported from the package index). */
export async function loadApi(root: string): Promise<Api> {
  const src = `${root}/packages/core/src`;
  const load = (path: string) => import(`${src}/${path}.ts`);
  // Since format registration, only json and text are built in: register the others like the tests do.
  if (existsSync(`${src}/formats/format-registry.ts`)) {
    const { registerFormat } = await load('formats/format-registry');
    for (const name of ['hybrid', 'xml-field', 'yaml-literal', 'flat-markdown']) {
      const definitions = Object.values(await load(`formats/${name}/index`)).filter(
        (value) => typeof value === 'object' && value !== null && 'createStreamParser' in value,
      );
      registerFormat(...definitions);
    }
  }
  return {
    ...(await load('errors/errors')),
    ...(await load('response/create-response')),
    ...(await load('formats/create-stream-parser')),
    ...(await load('formats/parse-output')),
    ...(await load('patch/path')),
    ...(await load('patch/apply-patch')),
    ...(await load('schema/define-output')),
    ...(await load('schema/select-format')),
    ...(await load('store/field-store')),
    ...(await load('store/field-state')),
    ...(await load('store/list-selector')),
    ...(await load('transport/sse-decoder')),
    ...(await load('transport/parse-sse')),
    ...(await load('transport/fetch-event-stream')),
    ...(await load('providers/openai-chat')),
    ...(await load('providers/openai-responses')),
    ...(await load('providers/anthropic-messages')),
    ...(await load('providers/agently-instant')),
    ...(await load('providers/text-stream')),
    ...(await load('providers/scripted-model')),
    ...(await load('reasoning/reasoning-splitter')),
    ...(await load('testing/sse-fixtures')),
    ...(await load('kits/contract/define-contract')),
    ...(await load('kits/answer-flow/define-answer-flow')),
    ...(await load('providers/output-contract/plan-output-contract')),
    ...(await load('patch-stream/from-patch-stream')),
  } as unknown as Api;
}

const FORMATS = ['json', 'hybrid', 'xml_field', 'yaml_literal', 'flat_markdown', 'text'] as const;

function cyclicObject(): Record<string, unknown> {
  const node: Record<string, unknown> = { a: ['string', 'a field'] };
  node.self = node;
  return node;
}

function cyclicArray(): unknown[] {
  const list: unknown[] = [];
  list.push(list);
  return list;
}

const model = (api: Api) => api.scriptedModel({ answers: ['{"a": 1}'] });
const response = (api: Api, options: Record<string, unknown>) =>
  api.createResponse({ model: model(api), input: 'x', ...options });
const patch = (path: unknown, value: unknown = 1) => ({
  path,
  value,
  delta: null,
  event_type: 'done',
  is_complete: true,
  completion_source: 'observed_boundary',
});
const huge = (api: Api) => {
  const store = api.createFieldStore();
  store.apply([patch('items[999999999]'), patch('items[999999999]', 2)]);
  return store.getState().data;
};

/** An agentlyInstant service that streams two patches at a huge list index. */
async function agentlyHugeIndex(api: Api): Promise<unknown> {
  const events = ['items[999999999]', 'items[999999998]'].map(
    (path) => `data: ${JSON.stringify({ path, value: 'x', delta: 'x', event_type: 'done', is_complete: true })}\n\n`,
  );
  const fetch = api.fixtureFetch(() => api.sseResponse(events));
  const run = api.createResponse({
    model: api.agentlyInstant({ url: 'http://agently.test/run', fetch }),
    input: 'x',
    maxRetries: 0,
  });
  return run.getData();
}

/** A server's patch stream whose second message has a patch at `path`: the response's data. */
function patchStreamWithPath(api: Api, path: string): unknown {
  const messages = [
    [
      { k: 'a', n: 0, f: 'json' },
      { k: 's', s: 'streaming' },
      { p: 'title', d: 'Fix', v: 'Fix' },
    ],
    [
      { p: path, d: '1' },
      { k: 'f', r: 1 },
      { k: 's', s: 'done' },
    ],
  ];
  const body = `${messages.map((events) => `data: ${JSON.stringify(events)}\n\n`).join('')}event: end\ndata: {}\n\n`;
  const headers = { 'content-type': 'text/event-stream' };
  return api
    .fromPatchStream({ url: 'http://patch-stream.test/', fetch: async () => new Response(body, { headers }) })
    .getData();
}

export const probes: Probe[] = [
  // createResponse
  { name: 'createResponse()', mentions: 'options', run: (api) => api.createResponse() },
  { name: 'createResponse(null)', mentions: 'options', run: (api) => api.createResponse(null) },
  { name: 'createResponse(42)', mentions: 'options', run: (api) => api.createResponse(42) },
  { name: 'createResponse({ input })', mentions: 'model', run: (api) => api.createResponse({ input: 'x' }) },
  {
    name: 'createResponse({ model: 42 })',
    mentions: 'model',
    run: (api) => api.createResponse({ model: 42, input: 'x' }),
  },
  { name: 'createResponse({ signal: {} })', mentions: 'signal', run: (api) => response(api, { signal: {} }) },
  { name: "createResponse({ format: 'bogus' })", mentions: 'format', run: (api) => response(api, { format: 'bogus' }) },
  { name: 'createResponse({ format: 42 })', mentions: 'format', run: (api) => response(api, { format: 42 }) },
  {
    name: 'createResponse({ maxRetries: NaN })',
    mentions: 'maxRetries',
    run: (api) => response(api, { maxRetries: Number.NaN }),
  },
  {
    name: 'createResponse({ maxRetries: -1 })',
    mentions: 'maxRetries',
    run: (api) => response(api, { maxRetries: -1 }),
  },
  {
    name: "createResponse({ maxRetries: '3' })",
    mentions: 'maxRetries',
    run: (api) => response(api, { maxRetries: '3' }),
  },
  { name: "createResponse({ maxDepth: 'x' })", mentions: 'maxDepth', run: (api) => response(api, { maxDepth: 'x' }) },
  {
    name: 'createResponse({ maxDepth: NaN })',
    mentions: 'maxDepth',
    run: (api) => response(api, { maxDepth: Number.NaN }),
  },
  { name: 'createResponse({ maxDepth: -1 })', mentions: 'maxDepth', run: (api) => response(api, { maxDepth: -1 }) },
  { name: 'createResponse({ validate: [42] })', mentions: 'validate', run: (api) => response(api, { validate: [42] }) },
  { name: 'createResponse({ validate: 42 })', mentions: 'validate', run: (api) => response(api, { validate: 42 }) },
  { name: 'createResponse({ validate: null })', mentions: 'validate', run: (api) => response(api, { validate: null }) },
  {
    name: 'createResponse({ responseFormat: 42 })',
    mentions: 'responseFormat',
    run: (api) => response(api, { responseFormat: 42 }),
  },
  {
    name: "createResponse({ responseFormat: { type: 'bogus' } })",
    mentions: 'responseFormat',
    run: (api) => response(api, { responseFormat: { type: 'bogus' } }),
  },
  { name: 'createResponse({ output: 42 })', mentions: 'output', run: (api) => response(api, { output: 42 }) },
  { name: 'createResponse({ instruct: 42 })', mentions: 'instruct', run: (api) => response(api, { instruct: 42 }) },
  { name: 'createResponse({ settings: 42 })', mentions: 'settings', run: (api) => response(api, { settings: 42 }) },
  {
    name: "createResponse({ raiseEnsureFailure: 'yes' })",
    mentions: 'raiseEnsureFailure',
    run: (api) => response(api, { raiseEnsureFailure: 'yes' }),
  },
  {
    name: 'createResponse({ ensureAllKeys: 1 })',
    mentions: 'ensureAllKeys',
    run: (api) => response(api, { ensureAllKeys: 1 }),
  },
  { name: 'createResponse({ system: 42 })', mentions: 'system', run: (api) => response(api, { system: 42 }) },
  {
    name: 'createResponse({ capabilities: 42 })',
    mentions: 'capabilities',
    run: (api) => response(api, { capabilities: 42 }),
  },
  {
    name: 'createResponse({ input: cyclic })',
    mentions: 'input',
    run: (api) => api.createResponse({ model: model(api), input: cyclicObject() }).getData(),
  },
  { name: 'response.observe(42)', mentions: 'listener', run: (api) => response(api, {}).observe(42) },
  { name: 'response.subscribe(42)', mentions: 'listener', run: (api) => response(api, {}).subscribe(42) },
  { name: 'response.validate(42)', mentions: 'validator', run: (api) => response(api, {}).validate(42) },
  { name: 'response.abort(42)', mentions: 'reason', run: (api) => response(api, {}).abort(42) },

  // createStreamParser and its parsers
  { name: 'createStreamParser()', mentions: 'options', run: (api) => api.createStreamParser() },
  { name: 'createStreamParser(null)', mentions: 'options', run: (api) => api.createStreamParser(null) },
  {
    name: "createStreamParser({ format: 'bogus' })",
    mentions: 'format',
    run: (api) => api.createStreamParser({ format: 'bogus' }),
  },
  {
    name: 'createStreamParser({ format: 42 })',
    mentions: 'format',
    run: (api) => api.createStreamParser({ format: 42 }),
  },
  { name: 'createStreamParser({})', mentions: 'format', run: (api) => api.createStreamParser({}) },
  {
    name: "createStreamParser({ maxDepth: 'x' })",
    mentions: 'maxDepth',
    run: (api) => api.createStreamParser({ format: 'json', maxDepth: 'x' }),
  },
  {
    name: 'createStreamParser({ maxDepth: NaN })',
    mentions: 'maxDepth',
    run: (api) => api.createStreamParser({ format: 'json', maxDepth: Number.NaN }),
  },
  {
    name: 'createStreamParser({ output: 42 })',
    mentions: 'output',
    run: (api) => api.createStreamParser({ format: 'json', output: 42 }),
  },
  {
    name: 'createStreamParser({ onText: 42 })',
    mentions: 'onText',
    run: (api) => api.createStreamParser({ format: 'json', onText: 42 }),
  },
  ...FORMATS.flatMap((format): Probe[] => [
    { name: `${format} push(null)`, mentions: 'chunk', run: (api) => api.createStreamParser({ format }).push(null) },
    { name: `${format} push(42)`, mentions: 'chunk', run: (api) => api.createStreamParser({ format }).push(42) },
    { name: `${format} push({})`, mentions: 'chunk', run: (api) => api.createStreamParser({ format }).push({}) },
    {
      name: `${format} push() after finish()`,
      mentions: 'finish',
      run: (api) => {
        const parser = api.createStreamParser({ format });
        parser.push('abc');
        parser.finish();
        return parser.push('more');
      },
    },
  ]),
  { name: 'json push()', mentions: 'chunk', run: (api) => api.createStreamParser({ format: 'json' }).push() },

  // parseOutput
  { name: 'parseOutput(42)', mentions: 'text', run: (api) => api.parseOutput(42) },
  { name: 'parseOutput(null)', mentions: 'text', run: (api) => api.parseOutput(null) },
  { name: 'parseOutput()', mentions: 'text', run: (api) => api.parseOutput() },
  { name: 'parseOutputDetailed({})', mentions: 'text', run: (api) => api.parseOutputDetailed({}) },
  {
    name: "parseOutput('{}', { format: 'bogus' })",
    mentions: 'format',
    run: (api) => api.parseOutput('{}', { format: 'bogus' }),
  },
  { name: "parseOutput('{}', 42)", mentions: 'options', run: (api) => api.parseOutput('{}', 42) },
  {
    name: "parseOutput('{}', { maxDepth: 'x' })",
    mentions: 'maxDepth',
    run: (api) => api.parseOutput('{}', { maxDepth: 'x' }),
  },
  {
    name: "parseOutput('{}', { output: 42 })",
    mentions: 'output',
    run: (api) => api.parseOutput('{}', { output: 42 }),
  },

  // paths and patches
  { name: 'parsePath(42)', mentions: 'path', run: (api) => api.parsePath(42) },
  { name: 'parsePath(null)', mentions: 'path', run: (api) => api.parsePath(null) },
  { name: 'parsePath()', mentions: 'path', run: (api) => api.parsePath() },
  { name: 'parsePath({})', mentions: 'path', run: (api) => api.parsePath({}) },
  { name: 'formatPath(42)', mentions: 'segments', run: (api) => api.formatPath(42) },
  { name: 'formatPath([{}])', mentions: 'segment', run: (api) => api.formatPath([{}]) },
  { name: 'formatPath([NaN])', mentions: 'segment', run: (api) => api.formatPath([Number.NaN]) },
  { name: 'formatPath([-1])', mentions: 'segment', run: (api) => api.formatPath([-1]) },
  { name: 'formatPath([1.5])', mentions: 'segment', run: (api) => api.formatPath([1.5]) },
  { name: "appendSegment(42, 'a')", mentions: 'path', run: (api) => api.appendSegment(42, 'a') },
  { name: "appendSegment('a', null)", mentions: 'segment', run: (api) => api.appendSegment('a', null) },
  { name: "applyPatch({}, 'a', 1)", mentions: 'segments', run: (api) => api.applyPatch({}, 'a', 1) },
  { name: 'applyPatch({}, null, 1)', mentions: 'segments', run: (api) => api.applyPatch({}, null, 1) },
  { name: 'applyPatch({}, [{}], 1)', mentions: 'segment', run: (api) => api.applyPatch({}, [{}], 1) },
  { name: 'applyPatch([], [999999999], 1)', mentions: 'index', run: (api) => api.applyPatch([], [999_999_999], 1) },

  // defineOutput
  { name: 'defineOutput(42)', mentions: 'schema', errorName: 'SchemaError', run: (api) => api.defineOutput(42) },
  { name: 'defineOutput(null)', mentions: 'schema', errorName: 'SchemaError', run: (api) => api.defineOutput(null) },
  { name: 'defineOutput()', mentions: 'schema', errorName: 'SchemaError', run: (api) => api.defineOutput() },
  {
    name: 'defineOutput(cyclic object)',
    mentions: 'cycl',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput(cyclicObject()),
  },
  {
    name: 'defineOutput(cyclic array)',
    mentions: 'cycl',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput(cyclicArray()),
  },
  {
    name: 'defineOutput({ a: { b: cyclic } })',
    mentions: 'cycl',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput({ a: { b: cyclicObject() } }),
  },
  {
    name: 'defineOutput(s, { ensure: 42 })',
    mentions: 'ensure',
    run: (api) => api.defineOutput({ a: ['string'] }, { ensure: 42 }),
  },
  {
    name: 'defineOutput(s, { ensure: [42] })',
    mentions: 'ensure',
    run: (api) => api.defineOutput({ a: ['string'] }, { ensure: [42] }),
  },
  {
    name: "defineOutput(s, { ensure: { a: 'bogus' } })",
    mentions: 'ensure',
    run: (api) => api.defineOutput({ a: ['string'] }, { ensure: { a: 'bogus' } }),
  },
  { name: 'defineOutput(s, 42)', mentions: 'options', run: (api) => api.defineOutput({ a: ['string'] }, 42) },
  {
    name: "defineOutput({ a: ['strng'] })",
    mentions: 'strng',
    errorName: 'SchemaError',
    run: (api) => api.defineOutput({ a: ['strng'] }),
  },
  { name: 'selectFormat(42)', mentions: 'output', run: (api) => api.selectFormat(42) },

  // the field store
  { name: 'createFieldStore(42)', mentions: 'source', run: (api) => api.createFieldStore(42) },
  { name: 'createFieldStore({})', mentions: 'source', run: (api) => api.createFieldStore({}) },
  {
    name: "createFieldStore(undefined, { onRetry: 'bogus' })",
    mentions: 'onRetry',
    run: (api) => api.createFieldStore(undefined, { onRetry: 'bogus' }),
  },
  { name: 'createFieldStore(undefined, 42)', mentions: 'options', run: (api) => api.createFieldStore(undefined, 42) },
  { name: 'store.apply(null)', mentions: 'patches', run: (api) => api.createFieldStore().apply(null) },
  { name: 'store.apply(42)', mentions: 'patches', run: (api) => api.createFieldStore().apply(42) },
  { name: 'store.apply([null])', mentions: 'patches', run: (api) => api.createFieldStore().apply([null]) },
  { name: 'store.apply([{ path: 42 }])', mentions: 'path', run: (api) => api.createFieldStore().apply([patch(42)]) },
  {
    name: "store.apply([{ path: 'a[*]' }])",
    mentions: 'wildcard',
    run: (api) => api.createFieldStore().apply([patch('a[*]')]),
  },
  { name: "store.apply([{ path: 'items[999999999]' }]) twice", mentions: 'index', run: huge },
  { name: 'store.dispatch(null)', mentions: 'events', run: (api) => api.createFieldStore().dispatch(null) },
  {
    name: "store.dispatch({ type: 'bogus' })",
    mentions: 'type',
    run: (api) => api.createFieldStore().dispatch({ type: 'bogus', attempt: 0 }),
  },
  { name: 'store.subscribe(42)', mentions: 'listener', run: (api) => api.createFieldStore().subscribe(42) },
  {
    name: 'store.subscribePath(42, fn)',
    mentions: 'path',
    run: (api) => api.createFieldStore().subscribePath(42, () => {}),
  },
  {
    name: "store.subscribePath('a', 42)",
    mentions: 'listener',
    run: (api) => api.createFieldStore().subscribePath('a', 42),
  },
  { name: 'store.getField(42)', mentions: 'path', run: (api) => api.createFieldStore().getField(42) },
  { name: 'fieldSelector(42)', mentions: 'path', run: (api) => api.fieldSelector(42) },
  { name: 'listSelector(42)', mentions: 'path', run: (api) => api.listSelector(42) },

  // transport
  { name: 'SSEDecoder.push(42)', mentions: 'chunk', run: (api) => new api.SSEDecoder().push(42) },
  { name: 'SSEDecoder.push(null)', mentions: 'chunk', run: (api) => new api.SSEDecoder().push(null) },
  { name: 'SSEDecoder.push({})', mentions: 'chunk', run: (api) => new api.SSEDecoder().push({}) },
  { name: 'parseSSE(42)', mentions: 'stream', run: (api) => api.parseSSE(42).next() },
  { name: 'parseSSE(null)', mentions: 'stream', run: (api) => api.parseSSE(null).next() },
  { name: 'fetchEventStream(null)', mentions: 'url', run: (api) => api.fetchEventStream(null).next() },
  {
    name: 'fetchEventStream(url, 42)',
    mentions: 'options',
    run: (api) => api.fetchEventStream('http://x.test/', 42).next(),
  },
  {
    name: 'fetchEventStream(url, { signal: {} })',
    mentions: 'signal',
    run: (api) => api.fetchEventStream('http://x.test/', { signal: {} }).next(),
  },
  {
    name: 'fetchEventStream(url, { fetch: 42 })',
    mentions: 'fetch',
    run: (api) => api.fetchEventStream('http://x.test/', { fetch: 42 }).next(),
  },
  {
    name: "fetchEventStream(url, { retry: { attempts: 'x' } })",
    mentions: 'attempts',
    run: (api) => api.fetchEventStream('http://x.test/', { retry: { attempts: 'x' } }).next(),
  },

  // providers and models
  { name: 'openAIChat()', mentions: 'options', run: (api) => api.openAIChat() },
  { name: 'openAIChat({})', mentions: 'baseURL', run: (api) => api.openAIChat({}) },
  {
    name: "openAIChat({ baseURL: 42, model: 'm' })",
    mentions: 'baseURL',
    run: (api) => api.openAIChat({ baseURL: 42, model: 'm' }),
  },
  {
    name: 'openAIChat({ baseURL, model: 42 })',
    mentions: 'model',
    run: (api) => api.openAIChat({ baseURL: 'http://x.test', model: 42 }),
  },
  { name: 'openAIResponses({})', mentions: 'baseURL', run: (api) => api.openAIResponses({}) },
  { name: 'anthropicMessages({})', mentions: 'baseURL', run: (api) => api.anthropicMessages({}) },
  { name: 'agentlyInstant()', mentions: 'options', run: (api) => api.agentlyInstant() },
  { name: 'agentlyInstant({ url: 42 })', mentions: 'url', run: (api) => api.agentlyInstant({ url: 42 }) },
  { name: 'agentlyInstant patches at items[999999999]', mentions: 'index', run: agentlyHugeIndex },
  ...['x[-1]', 'a..b', '[', 'a[01]', 'items[*]', '__proto__[0'].map(
    (path): Probe => ({
      name: `fromPatchStream: a patch at ${path}`,
      mentions: `malformed path: invalid path ${JSON.stringify(path)}`,
      run: (api) => patchStreamWithPath(api, path),
    }),
  ),
  { name: 'textStream(42)', mentions: 'source', run: (api) => api.textStream(42) },
  { name: 'textStream(null)', mentions: 'source', run: (api) => api.textStream(null) },
  { name: 'scriptedModel(42)', mentions: 'options', run: (api) => api.scriptedModel(42) },
  { name: 'scriptedModel({ answers: 42 })', mentions: 'answers', run: (api) => api.scriptedModel({ answers: 42 }) },
  {
    name: 'scriptedModel({ chunkSize: -1 })',
    mentions: 'chunkSize',
    run: (api) => api.scriptedModel({ answers: ['a'], chunkSize: -1 }),
  },
  {
    name: 'scriptedModel({ delayMs: NaN })',
    mentions: 'delayMs',
    run: (api) => api.scriptedModel({ answers: ['a'], delayMs: Number.NaN }),
  },

  // kits
  { name: 'defineContract(42)', mentions: 'contract', run: (api) => api.defineContract(42) },
  { name: 'defineContract(null)', mentions: 'contract', run: (api) => api.defineContract(null) },
  { name: 'defineAnswerFlow(42)', mentions: 'definition', run: (api) => api.defineAnswerFlow(42) },
  { name: 'defineAnswerFlow(null)', mentions: 'definition', run: (api) => api.defineAnswerFlow(null) },
  { name: 'planOutputContract(42, {})', mentions: 'capabilities', run: (api) => api.planOutputContract(42, {}) },

  // reasoning
  { name: 'splitReasoning(42)', mentions: 'text', run: (api) => api.splitReasoning(42) },
  { name: 'splitReasoning(null)', mentions: 'text', run: (api) => api.splitReasoning(null) },
  { name: 'ReasoningSplitter.push(42)', mentions: 'chunk', run: (api) => new api.ReasoningSplitter().push(42) },
];
