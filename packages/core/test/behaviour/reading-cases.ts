// Reading a response: its data, status and events, a store bound to it, subscribers early and
// late, and its meta. What every source must give alike.
import { createFieldStore, type StreamingData } from '@fieldstream/core';
import type { BehaviourCase } from './behaviour-spec';
import { byPath, drain, timeline } from './observations';
import { good, goodData, needsTags, noTags, oneRetryTimeline, pathsOf, ticket } from './ticket-answers';

export const readingCases: BehaviourCase[] = [
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
];

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

/** Both attempts' paths: the rejected ticket without tags, then the accepted one. */
function expectedPaths() {
  return { ...pathsOf([], 0), ...pathsOf(['auth', 'p1'], 1) };
}
