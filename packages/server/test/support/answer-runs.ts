import {
  appendSegment,
  createFieldStore,
  createResponse,
  defineOutput,
  type ResponseEvent,
  type StreamedResponse,
} from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';

export const ticketOutput = defineOutput({
  title: ['string', 'title', 'not_null'],
  steps: [{ name: ['string', 'step'], minutes: ['integer', 'duration'] }],
  tags: [['string']],
});
export const goodAnswer =
  '{"title": "Fix login", "steps": [{"name": "reproduce", "minutes": 15}, {"name": "patch auth", "minutes": 40}], "tags": ["auth", "p1"]}';

/** A response on a scripted model: one bad answer (empty title, so a retry), then a good one. */
export function makeAnswer(delayMs = 0, answers = ['{"title": "", "steps": [], "tags": []}', goodAnswer]) {
  return createResponse({
    model: scriptedModel({ answers, chunkSize: [1, 9], seed: 7, delayMs }),
    input: 'fix the login',
    output: ticketOutput,
    format: 'json',
    maxRetries: 2,
    // These runs compare two reads' events exactly; how much of the rejected first answer streams
    // before an early rejection stops it depends on when the field checks' module loads (0022).
    earlyValidation: false,
  });
}

/** What a client ends with: the store's state, and every event the response emitted (connection events apart). */
export async function readToEnd(response: StreamedResponse) {
  const store = createFieldStore(response);
  const events: ResponseEvent[] = [];
  const connection: ResponseEvent[] = [];
  const reconnectingSeen: boolean[] = [];
  response.subscribe((event) => (event.type === 'connection' ? connection : events).push(event));
  store.subscribe((state) => reconnectingSeen.push(state.reconnecting !== undefined));
  const settled = await response.getData().then(
    () => undefined,
    () => undefined,
  );
  const state = store.getState();
  return {
    end: {
      status: state.status,
      attempt: state.attempt,
      data: state.data,
      final: state.final,
      error: state.error?.code,
      retry: state.retry,
      reconnecting: state.reconnecting,
      // Every path on screen or streamed, and every path with a record of its own (a container an
      // update wrote whole keeps one record for its paths, so the records alone depend on batching).
      fields: Object.fromEntries(
        [
          ...new Set([
            ...treePaths(state.data),
            ...treePaths(state.streamed),
            ...[...state.fields.entries()].map(([path]) => path),
          ]),
        ]
          .sort()
          .map((path) => [path, store.getField(path)]),
      ),
    },
    /** The events with runs of deltas on one path merged: how messages were batched never counts (rule 5). */
    events: mergeRuns(events),
    connection,
    sawReconnecting: reconnectingSeen.includes(true),
    settled,
  };
}

function mergeRuns(events: readonly ResponseEvent[]): ResponseEvent[] {
  const merged: ResponseEvent[] = [];
  for (const event of events) {
    const last = merged[merged.length - 1];
    if (
      last?.type === 'patch' &&
      event.type === 'patch' &&
      last.attempt === event.attempt &&
      last.data.event_type === 'delta' &&
      event.data.event_type === 'delta' &&
      last.data.path === event.data.path
    ) {
      merged[merged.length - 1] = {
        ...last,
        data: { ...last.data, delta: last.data.delta + event.data.delta, value: event.data.value },
      };
    } else merged.push(event);
  }
  return merged;
}

/** Every path of a JSON value, containers included (the root is `''`). */
function treePaths(value: unknown, path = ''): string[] {
  if (value === null || typeof value !== 'object') return value === undefined ? [] : [path];
  const children = Object.entries(value).map(([key, child]) =>
    treePaths(child, appendSegment(path, Array.isArray(value) ? Number(key) : key)),
  );
  return [path, ...children.flat()];
}
