// The one behaviour suite of a response, written once and run against every place a response runs
// (docs/decisions/0021-one-response-core.md): in the page, over the wire, in a Worker on this thread
// and in a real Worker in Chromium (apps/playground/behaviour.html, e2e/behaviour.spec.ts). Each case
// turns what a user can observe into plain data; every source must give the case's `expected`.
// It imports only public entries and zod, so the browser page can run it too.
import {
  AbortError,
  createFieldStore,
  defineOutput,
  EnsureError,
  FieldstreamError,
  type FieldValidators,
  type FormatOption,
  OutputParseError,
  type OutputSchema,
  ProviderError,
  type ResponseEvent,
  type RetryPolicy,
  type StreamedResponse,
  type StreamingData,
  selectToolCalls,
  TransportError,
  ValidationError,
  type Validator,
} from '@fieldstream/core';
import type { ScriptedFault, ScriptedToolCall } from '@fieldstream/core/testing';
import { z } from 'zod';
import { earlyValidationCases, retryWithoutValidating } from './early-validation-cases';

/** What a case asks for: a scripted model's answers and faults, and the response's options. */
export type BehaviourSpec = {
  answers: string[];
  faults?: ScriptedFault[];
  chunkSize?: number;
  delayMs?: number;
  output: OutputSchema<unknown>;
  format?: FormatOption;
  maxRetries?: number;
  retry?: RetryPolicy;
  validate?: Validator<unknown>[];
  /** Ask for the output through a forced tool (the scripted model then streams it as that call). */
  outputTool?: boolean;
  /** Tool calls the scripted model makes after its answer. */
  toolCalls?: ScriptedToolCall[];
  validateField?: FieldValidators;
  /** Extra provider meta the scripted model reports when an attempt finishes. */
  meta?: Record<string, unknown>;
};

/** The options every source derives from a spec (the model aside). */
export function responseOptions(spec: BehaviourSpec) {
  const { output, format, maxRetries, retry, validate, validateField, outputTool } = spec;
  return { input: 'fix the login', output, format, maxRetries, retry, validate, validateField, outputTool };
}

export function scriptedConfig(spec: BehaviourSpec) {
  const { answers, faults, chunkSize, delayMs, toolCalls, meta } = spec;
  return { answers, faults, chunkSize, delayMs, toolCalls, meta };
}

/** A place a response runs: it makes the response a spec describes (not started). */
export type BehaviourSource = { name: string; create(spec: BehaviourSpec): StreamedResponse<unknown> };

export type BehaviourCase = {
  name: string;
  spec: BehaviourSpec;
  /** Drives the response as a user would and returns what they could observe, as plain data. */
  run(response: StreamedResponse<unknown>): Promise<unknown>;
  expected: unknown;
};

const ticket = defineOutput({
  title: ['string', 'title', 'not_null'],
  tags: [['string']],
  meta: { owner: ['string'], urgent: ['boolean'] },
});
const good = '{"title": "Fix login", "tags": ["auth", "p1"], "meta": {"owner": "Ada", "urgent": true}}';
const goodData = { title: 'Fix login', tags: ['auth', 'p1'], meta: { owner: 'Ada', urgent: true } };
const noTags = '{"title": "Fix login", "tags": [], "meta": {"owner": "Ada", "urgent": true}}';
const noTitle = good.replace('"Fix login"', '""');
const parallelCalls: ScriptedToolCall[] = [
  { name: 'search_tickets', arguments: '{"query": "login bug", "limit": 5}' },
  { name: 'file_ticket', arguments: '{"title": "Fix login", "urgent": true}' },
];
/** How the second of the parallel calls' `done` patches spell their paths (`toolSpelling`). */
const SECOND_CALL_SPELLING = [
  '$tools[1].id $tools[*].id [1]',
  '$tools[1].name $tools[*].name [1]',
  '$tools[1].arguments.title $tools[*].arguments.title [1]',
  '$tools[1].arguments.urgent $tools[*].arguments.urgent [1]',
  '$tools[1].arguments $tools[*].arguments [1]',
  '$tools[1] $tools[*] [1]',
];
/** A list and an object the schema lets the model leave out, whose items and fields have required keys. */
const optionalParts = z.object({
  title: z.string(),
  steps: z.array(z.object({ name: z.string(), minutes: z.number() })).optional(),
  owner: z.object({ name: z.string(), hours: z.number() }).nullable().optional(),
});
const noRetryDelay: RetryPolicy = { baseDelayMs: 0, maxDelayMs: 0, jitter: 0 };

/** The events of an answer rejected once, then accepted: the first attempt was validated. */
const oneRetryTimeline = [
  ...retryWithoutValidating.slice(0, 2),
  '0:status:validating',
  ...retryWithoutValidating.slice(2),
];

/** The observations of an answer rejected once by a validator, then accepted. */
export const oneRetryObservations = [
  'model.requesting',
  'model.completed',
  'model.validation_failed',
  'model.retrying',
  'model.requesting',
  'model.completed',
  'model.done',
];

const needsTags: Validator<unknown> = {
  name: 'needs-tags',
  validate: (data) =>
    ((data as { tags?: string[] }).tags ?? []).length > 0 || { ok: false, reason: 'give at least one tag' },
};

export const behaviourCases: BehaviourCase[] = [
  {
    name: 'success: data, statuses and the store',
    spec: { answers: [good], output: ticket, format: 'json', chunkSize: 5 },
    async run(response) {
      const events = timeline(response);
      const store = createFieldStore(response);
      const data = await response.getData();
      const state = store.getState();
      return {
        data,
        events,
        status: response.status,
        attempt: response.attempt,
        store: { status: state.status, final: state.final, data: state.data, title: store.getField('title').value },
      };
    },
    expected: {
      data: goodData,
      events: ['0:attempt:json', '0:status:streaming', '0:status:validating', '0:final', '0:status:done'],
      status: 'done',
      attempt: 0,
      store: { status: 'done', final: goodData, data: goodData, title: 'Fix login' },
    },
  },
  {
    // The getters live on a prototype, not in a literal per response: an own accessor closing over
    // the response's state kept all of it alive through V8's young collections after it ended
    // (docs/decisions/0028-no-accessors-in-per-response-literals.md).
    name: 'status, attempt and events: read live, not assignable, and no accessor of its own',
    spec: { answers: [good], output: ticket, format: 'json', chunkSize: 5 },
    async run(response) {
      const before = { status: response.status, attempt: response.attempt, events: response.events.length };
      const data = await response.getData();
      const after = {
        status: response.status,
        attempt: response.attempt,
        seen: response.events.length > before.events,
      };
      const assign = (key: 'status' | 'attempt' | 'events'): string => {
        try {
          (response as unknown as Record<string, unknown>)[key] = 'x';
          return 'assigned';
        } catch (error) {
          return (error as Error).constructor.name;
        }
      };
      // A method read off the response still works (the methods are closures, not prototype methods).
      const { getData } = response;
      const ownAccessors = Object.entries(Object.getOwnPropertyDescriptors(response))
        .filter(([, descriptor]) => descriptor.get !== undefined || descriptor.set !== undefined)
        .map(([key]) => key);
      return {
        data,
        before,
        after,
        assigned: [assign('status'), assign('attempt'), assign('events')],
        still: response.status,
        ownAccessors,
        methodsDetached: (await getData()) === data,
      };
    },
    expected: {
      data: goodData,
      before: { status: 'idle', attempt: 0, events: 0 },
      after: { status: 'done', attempt: 0, seen: true },
      assigned: ['TypeError', 'TypeError', 'TypeError'],
      still: 'done',
      ownAccessors: [],
      methodsDetached: true,
    },
  },
  {
    name: "a store's read-later subscriber (onPending): the chunks wait and apply together, the end arrives at once",
    spec: { answers: [good], output: ticket, format: 'json', chunkSize: 5 },
    async run(response) {
      const store = createFieldStore(response);
      // Every other event comes in batches; only those may apply what waited (nothing reads).
      let batches = 0;
      response.subscribeChunks?.({ events: () => batches++, patches: () => {} });
      let waits = 0;
      const heard: string[] = [];
      const listener = (state: { status: string }): void => {
        heard.push(`${state.status}:${String(store.getField('title').value ?? '')}`);
      };
      store.subscribePath('title', listener, { onPending: () => waits++ });
      const data = await response.getData();
      const streaming = heard.slice(0, -2);
      return {
        data,
        told: waits > 0,
        // Nothing reads the store while it streams: the chunks wait until an event that is not a
        // chunk (a status; a resumable stream's reconnection too) applies them with it.
        noUpdatePerChunk: heard.length <= batches,
        streamedTitles: streaming.every(
          (entry) => entry.startsWith('streaming:') && 'Fix login'.startsWith(entry.slice(10)),
        ),
        end: heard.slice(-2),
        final: store.getState().final,
      };
    },
    expected: {
      data: goodData,
      told: true,
      noUpdatePerChunk: true,
      streamedTitles: true,
      end: ['validating:Fix login', 'done:Fix login'],
      final: goodData,
    },
  },
  {
    name: 'subscribe listens and does not start; start() does',
    spec: { answers: [good], output: ticket, format: 'json' },
    async run(response) {
      const events = timeline(response);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const before = { status: response.status, events: [...events] };
      response.start();
      await response.getData();
      return { before, after: response.status };
    },
    expected: { before: { status: 'idle', events: [] }, after: 'done' },
  },
  {
    name: 'a validator rejects the first answer: one retry with the correction, then data',
    spec: { answers: [noTags, good], output: ticket, format: 'json', validate: [needsTags] },
    async run(response) {
      const events = timeline(response);
      const store = createFieldStore(response);
      const data = await response.getData();
      const retrying = response.events.find((event) => event.type === 'model.retrying');
      return {
        data,
        events,
        retry: store.getState().retry,
        attempt: response.attempt,
        observations: response.events.map((event) => event.type),
        retrying: retrying?.type === 'model.retrying' ? [retrying.retry_reason, retrying.validation_reason] : undefined,
      };
    },
    expected: {
      data: goodData,
      events: oneRetryTimeline,
      attempt: 1,
      observations: oneRetryObservations,
      retrying: ['validation_failed', 'give at least one tag'],
      retry: { attempt: 1, reason: 'validation_failed', message: 'give at least one tag', delayMs: 0, format: 'json' },
    },
  },
  {
    name: 'answers that never parse: the retries run out, an OutputParseError',
    spec: { answers: ['this is not json at all'], output: ticket, format: 'json', maxRetries: 1 },
    async run(response) {
      const events = timeline(response);
      const error = await rejection(response.getData());
      return { error, events, status: response.status };
    },
    expected: {
      error: { class: 'OutputParseError', name: 'OutputParseError', code: 'OUTPUT_PARSE_FAILED', attempt: 1 },
      events: [
        '0:attempt:json',
        '0:status:streaming',
        '0:status:validating',
        '0:status:retrying',
        '1:attempt:json',
        '1:status:streaming',
        '1:status:validating',
        '1:error:OutputParseError:OUTPUT_PARSE_FAILED',
        '1:status:error',
      ],
      status: 'error',
    },
  },
  {
    name: 'an ensured field left blank with no retries left: an EnsureError',
    spec: { answers: [noTitle], output: ticket, format: 'json', maxRetries: 0 },
    async run(response) {
      const store = createFieldStore(response);
      const error = await rejection(response.getData());
      return { error, store: { status: store.getState().status, error: errorRecord(store.getState().error) } };
    },
    expected: {
      error: { class: 'EnsureError', name: 'EnsureError', code: 'ENSURE_FAILED', attempt: 0 },
      store: {
        status: 'error',
        error: { class: 'EnsureError', name: 'EnsureError', code: 'ENSURE_FAILED', attempt: 0 },
      },
    },
  },
  {
    name: 'the connection drops once: a transport retry, then data',
    spec: {
      answers: [good],
      faults: [{ attempt: 0, kind: 'drop_connection', at: 12 }],
      output: ticket,
      format: 'json',
      retry: noRetryDelay,
    },
    async run(response) {
      const events = timeline(response);
      const data = await response.getData();
      const failed = response.events.find((event) => event.type === 'model.request_failed');
      return {
        data,
        events,
        requestFailed: failed?.type === 'model.request_failed' ? errorRecord(failed.error) : undefined,
      };
    },
    expected: {
      data: goodData,
      events: retryWithoutValidating,
      requestFailed: { class: 'TransportError', name: 'TransportError', code: 'TRANSPORT_FAILED', attempt: 0 },
    },
  },
  {
    name: 'the provider fails every attempt: a ProviderError, and readers see it too',
    spec: {
      answers: [good],
      faults: [
        { attempt: 0, kind: 'provider_error', code: 'overloaded_error', message: 'busy' },
        { attempt: 1, kind: 'provider_error', code: 'overloaded_error', message: 'busy' },
      ],
      output: ticket,
      format: 'json',
      maxRetries: 1,
      retry: noRetryDelay,
    },
    async run(response) {
      const reading = rejection(drain(response.instant()));
      const error = await rejection(response.getData());
      return { error, reader: await reading, status: response.status };
    },
    expected: {
      error: { class: 'ProviderError', name: 'ProviderError', code: 'PROVIDER_ERROR', attempt: 1 },
      reader: { class: 'ProviderError', name: 'ProviderError', code: 'PROVIDER_ERROR', attempt: 1 },
      status: 'error',
    },
  },
  {
    name: 'abort mid-stream: status aborted, then aborted; an AbortError with the reason; what streamed stays',
    spec: { answers: [good], output: ticket, format: 'json', chunkSize: 2, delayMs: 5 },
    async run(response) {
      const events = timeline(response);
      const store = createFieldStore(response);
      const reader = response.instant();
      await reader.next();
      response.abort('user left');
      const error = await caught(response.getData());
      return {
        events,
        error: { ...errorRecord(error), message: (error as Error | undefined)?.message },
        readerError: await rejection(drain(reader)),
        status: response.status,
        store: { status: store.getState().status, streamed: store.getState().data !== undefined },
      };
    },
    expected: {
      events: ['0:attempt:json', '0:status:streaming', '0:status:aborted', '0:aborted'],
      error: { class: 'AbortError', name: 'AbortError', code: 'ABORTED', attempt: 0, message: 'user left' },
      readerError: { class: 'AbortError', name: 'AbortError', code: 'ABORTED', attempt: 0 },
      status: 'aborted',
      store: { status: 'aborted', streamed: true },
    },
  },
  {
    name: "a zod schema's transforms and defaults reach getData() and the store's final data",
    spec: {
      answers: ['{"tags": "a,b"}'],
      output: z.object({ tags: z.string().transform((tags) => tags.split(',')), count: z.number().default(1) }),
      format: 'json',
    },
    async run(response) {
      const store = createFieldStore(response);
      const data = await response.getData();
      return { data, final: store.getState().final, streamedTags: store.getState().streamed };
    },
    expected: {
      data: { tags: ['a', 'b'], count: 1 },
      final: { tags: ['a', 'b'], count: 1 },
      streamedTags: { tags: 'a,b' },
    },
  },
  {
    name: 'a zod schema: an optional list and an optional, nullable object left out or empty pass ensure (nothing to ensure)',
    spec: {
      answers: ['{"title": "Fix", "steps": [], "owner": null}'],
      output: optionalParts,
      format: 'json',
      maxRetries: 0,
    },
    async run(response) {
      const first = await response.getData();
      return { first, error: await rejection(response.getData()) };
    },
    expected: { first: { title: 'Fix', steps: [], owner: null }, error: undefined },
  },
  {
    name: 'a zod schema: the optional list and object omitted pass ensure',
    spec: { answers: ['{"title": "Fix"}'], output: optionalParts, format: 'json', maxRetries: 0 },
    async run(response) {
      return { data: await response.getData() };
    },
    expected: { data: { title: 'Fix' } },
  },
  {
    name: 'a zod schema: an item of the optional list without a required key still fails ensure, naming it',
    spec: {
      answers: ['{"title": "Fix", "steps": [{"name": "a", "minutes": 3}, {"name": "b"}], "owner": {"name": "Ada"}}'],
      output: optionalParts,
      format: 'json',
      maxRetries: 0,
    },
    async run(response) {
      const error = await caught(response.getData());
      return { error: errorRecord(error), failures: (error as EnsureError).failures };
    },
    expected: {
      error: { class: 'EnsureError', name: 'EnsureError', code: 'ENSURE_FAILED', attempt: 0 },
      failures: [
        { path: 'steps[*].minutes', level: 'not_null', reason: 'steps[1].minutes is missing' },
        { path: 'owner.hours', level: 'not_null', reason: 'owner.hours is missing' },
      ],
    },
  },
  {
    name: 'getMeta(): provider meta, usage summed over attempts, the formats asked for and used, wherever the response runs',
    spec: {
      answers: [noTags, good],
      output: ticket,
      format: 'auto',
      validate: [needsTags],
      meta: { model: 'scripted-1', id: 'resp_1', nested: { region: 'eu' } },
    },
    async run(response) {
      await response.getData();
      return { meta: await response.getMeta() };
    },
    expected: {
      meta: {
        provider: 'scriptedModel',
        attempt: 1,
        finishReason: 'stop',
        model: 'scripted-1',
        id: 'resp_1',
        nested: { region: 'eu' },
        requestedFormat: 'auto',
        resolvedFormat: 'json',
        repaired: false,
        attempts: 2,
        // The scripted model counts characters: the two prompts, and the two answers.
        usage: { inputTokens: 2212, outputTokens: 164, totalTokens: 2376 },
        status: 'done',
      },
    },
  },
  {
    name: 'a late subscriber replays the history: the same events, each path spelled the same, the same store',
    spec: { answers: [noTags, good], output: ticket, format: 'json', validate: [needsTags], chunkSize: 3 },
    async run(response) {
      const early = createFieldStore(response);
      await response.getData();
      const events = timeline(response);
      const patches: StreamingData[] = [];
      response.subscribe((event) => {
        if (event.type === 'patch') patches.push(event.data);
      });
      const store = createFieldStore(response);
      // Each path's field state in short (the values are the data's).
      const fields = (bound: typeof store) =>
        FIELD_PATHS.map((path) => {
          const { attempt, isComplete, completionSource, stale, reconciled } = bound.getField(path);
          return `${path}:${attempt}:${isComplete}:${completionSource}:${stale}:${reconciled}`;
        });
      return {
        events,
        paths: byPath(patches),
        instant: byPath(await drain(response.instant())),
        store: store.getState().data,
        fields: fields(store),
        // The whole state of a store bound from the start, as a string: the late store reads the same.
        sameAsEarly:
          JSON.stringify([early.getState().streamed, fields(early)]) ===
          JSON.stringify([store.getState().streamed, fields(store)]),
      };
    },
    expected: {
      events: oneRetryTimeline,
      paths: expectedPaths(),
      instant: expectedPaths(),
      store: goodData,
      fields: [
        ':1:true:observed_boundary:false:confirmed',
        'title:1:true:observed_boundary:false:confirmed',
        'tags:1:true:observed_boundary:false:confirmed',
        'tags[0]:1:true:observed_boundary:false:confirmed',
        'tags[1]:1:true:observed_boundary:false:confirmed',
        // A path the data does not have: what the final data says of it.
        'tags[2]:undefined:true:final_reconciliation:false:confirmed',
        'meta:1:true:observed_boundary:false:confirmed',
        'meta.owner:1:true:observed_boundary:false:confirmed',
        'meta.urgent:1:true:observed_boundary:false:confirmed',
        'nowhere:undefined:true:final_reconciliation:false:confirmed',
      ],
      sameAsEarly: true,
    },
  },
  {
    name: 'output through a tool: the same data, timeline, patches and store as the JSON answer',
    spec: { answers: [good], output: ticket, outputTool: true, chunkSize: 5 },
    async run(response) {
      const events = timeline(response);
      const store = createFieldStore(response);
      const data = await response.getData();
      return {
        data,
        events,
        paths: byPath(await drain(response.instant())),
        calls: await response.getToolCalls(),
        store: {
          final: store.getState().final,
          title: store.getField('title').value,
          tools: selectToolCalls(store.getState()),
        },
      };
    },
    expected: {
      data: goodData,
      events: ['0:attempt:json', '0:status:streaming', '0:status:validating', '0:final', '0:status:done'],
      paths: pathsOf(['auth', 'p1'], 0),
      calls: [],
      store: { final: goodData, title: 'Fix login', tools: [] },
    },
  },
  {
    name: 'output through a tool, rejected once by a validator: the same retry as a JSON answer',
    spec: { answers: [noTags, good], output: ticket, outputTool: true, validate: [needsTags] },
    async run(response) {
      const events = timeline(response);
      const data = await response.getData();
      return { data, events, observations: response.events.map((event) => event.type) };
    },
    expected: {
      data: goodData,
      events: oneRetryTimeline,
      observations: oneRetryObservations,
    },
  },
  {
    name: 'two parallel tool calls: live $tools fields in the store, done per argument and call, getToolCalls()',
    spec: { answers: [good], output: ticket, format: 'json', chunkSize: 4, delayMs: 3, toolCalls: parallelCalls },
    async run(response) {
      const store = createFieldStore(response);
      const live: StreamingData[] = [];
      response.subscribe((event) => {
        if (event.type === 'patch') live.push(event.data);
      });
      const seen = new Set<string>();
      store.subscribe((state) => {
        for (const call of selectToolCalls(state))
          if (!call.isComplete) seen.add(`${call.index}:${call.name}:streaming`);
      });
      const data = await response.getData();
      const field = store.getField('$tools[1].arguments.title');
      return {
        data,
        seen: [...seen].sort(),
        list: selectToolCalls(store.getState()),
        field: { value: field.value, isComplete: field.isComplete, completionSource: field.completionSource },
        query: store.getField('$tools[0].arguments.query').value,
        calls: await response.getToolCalls(),
        tree: store.getState().data,
        // The second call's paths as a live subscriber and a late one (its replay) read them.
        liveSpelling: toolSpelling(live),
        lateSpelling: toolSpelling(await drain(response.instant())),
      };
    },
    expected: {
      data: goodData,
      seen: ['0:search_tickets:streaming', '1:file_ticket:streaming'],
      list: [
        {
          index: 0,
          id: 'call_0',
          name: 'search_tickets',
          arguments: { query: 'login bug', limit: 5 },
          isComplete: true,
        },
        {
          index: 1,
          id: 'call_1',
          name: 'file_ticket',
          arguments: { title: 'Fix login', urgent: true },
          isComplete: true,
        },
      ],
      field: { value: 'Fix login', isComplete: true, completionSource: 'observed_boundary' },
      query: 'login bug',
      calls: [
        { index: 0, id: 'call_0', name: 'search_tickets', arguments: { query: 'login bug', limit: 5 } },
        { index: 1, id: 'call_1', name: 'file_ticket', arguments: { title: 'Fix login', urgent: true } },
      ],
      tree: goodData,
      liveSpelling: SECOND_CALL_SPELLING,
      // A replayed patch derives its wildcard path and indexes from its path, `$tools[1]`'s index too.
      lateSpelling: SECOND_CALL_SPELLING,
    },
  },
  ...earlyValidationCases,
];

/** Per path of both attempts: the deltas joined, the last value, the number of `done` events. */
/** How the second tool call's patches spell their paths: path, wildcard path, indexes. */
function toolSpelling(patches: readonly StreamingData[]): string[] {
  return patches
    .filter((data) => data.path.startsWith('$tools[1]') && data.event_type === 'done')
    .map((data) => `${data.path} ${data.wildcard_path} [${data.indexes.join(',')}]`);
}

/** The paths of the ticket, and ones it does not have. */
const FIELD_PATHS = [
  '',
  'title',
  'tags',
  'tags[0]',
  'tags[1]',
  'tags[2]',
  'meta',
  'meta.owner',
  'meta.urgent',
  'nowhere',
];

function expectedPaths() {
  return { ...pathsOf([], 0), ...pathsOf(['auth', 'p1'], 1) };
}

/** What one attempt's paths spell for the ticket with these tags. */
function pathsOf(tags: string[], n: number) {
  return {
    [`${n}:`]: { text: '', value: { title: 'Fix login', tags, meta: { owner: 'Ada', urgent: true } }, done: 1 },
    [`${n}:title`]: { text: 'Fix login', value: 'Fix login', done: 1 },
    [`${n}:tags`]: { text: '', value: tags, done: 1 },
    ...Object.fromEntries(tags.map((tag, i) => [`${n}:tags[${i}]`, { text: tag, value: tag, done: 1 }])),
    [`${n}:meta`]: { text: '', value: { owner: 'Ada', urgent: true }, done: 1 },
    [`${n}:meta.owner`]: { text: 'Ada', value: 'Ada', done: 1 },
    [`${n}:meta.urgent`]: { text: '', value: true, done: 1 },
  };
}

/** Non-patch events as `attempt:type[:detail]`, replayed history first. */
export function timeline(response: StreamedResponse<unknown>): string[] {
  const out: string[] = [];
  response.subscribe((event: ResponseEvent) => {
    const at = `${event.attempt}:${event.type}`;
    if (event.type === 'patch' || event.type === 'text') return;
    if (event.type === 'status') out.push(`${at}:${event.status}`);
    else if (event.type === 'attempt') out.push(`${at}:${event.format}`);
    else if (event.type === 'error') out.push(`${at}:${event.error.name}:${event.error.code}`);
    else out.push(at);
  });
  return out;
}

const CLASSES = { AbortError, TransportError, ProviderError, OutputParseError, EnsureError, ValidationError };

/** An error as a user tells it apart: its class (by `instanceof`), name, code and attempt. */
export function errorRecord(error: unknown) {
  if (error === undefined) return undefined;
  const found = Object.entries(CLASSES).find(([, Class]) => error instanceof Class);
  const typed = error as FieldstreamError;
  return {
    class: found?.[0] ?? (error instanceof FieldstreamError ? 'FieldstreamError' : 'other'),
    name: typed.name,
    code: typed.code,
    attempt: typed.attempt,
  };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error;
  }
}

async function rejection(promise: Promise<unknown>) {
  return errorRecord(await caught(promise));
}

async function drain<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** Per `attempt:path`, what a path spells (merged deltas spell the same); the root's `done` ends an attempt. */
function byPath(patches: readonly StreamingData[]) {
  const out: Record<string, { text: string; value: unknown; done: number }> = {};
  let attempt = 0;
  for (const patch of patches) {
    if (patch.path.startsWith('$')) continue;
    const key = `${attempt}:${patch.path}`;
    const entry = out[key] ?? { text: '', value: undefined, done: 0 };
    entry.text += patch.delta;
    entry.value = patch.value;
    if (patch.event_type === 'done') entry.done++;
    out[key] = entry;
    if (patch.path === '' && patch.event_type === 'done') attempt++;
  }
  return out;
}
