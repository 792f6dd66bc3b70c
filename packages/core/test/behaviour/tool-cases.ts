// Tools: the output through a forced tool reads as a JSON answer does, and parallel tool calls
// stream as live `$tools` fields.
import { createFieldStore, type StreamingData, selectToolCalls } from '@fieldstream/core';
import type { ScriptedToolCall } from '@fieldstream/core/testing';
import type { BehaviourCase } from './behaviour-spec';
import { byPath, drain, timeline } from './observations';
import {
  good,
  goodData,
  needsTags,
  noTags,
  oneRetryObservations,
  oneRetryTimeline,
  pathsOf,
  ticket,
} from './ticket-answers';

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

export const toolCases: BehaviourCase[] = [
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
];

/** How the second tool call's patches spell their paths: path, wildcard path, indexes. */
function toolSpelling(patches: readonly StreamingData[]): string[] {
  return patches
    .filter((data) => data.path.startsWith('$tools[1]') && data.event_type === 'done')
    .map((data) => `${data.path} ${data.wildcard_path} [${data.indexes.join(',')}]`);
}
