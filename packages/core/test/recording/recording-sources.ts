// The places a recorded response runs (in the page, over the wire, in a Worker's code on this
// thread) and what a user observes of a response, as plain data: what a replay must reproduce.
import { createFieldStore, createResponse, type FieldStoreState, type StreamedResponse } from '@fieldstream/core';
import { fromPatchStream, toPatchStream } from '@fieldstream/core/patch-stream';
import type { RecordingSource } from '@fieldstream/core/recording';
import { type ScriptedModelOptions, scriptedModel } from '@fieldstream/core/testing';
import { createWorkerResponse, type WorkerResponseOptions } from '@fieldstream/core/worker';

/** What a response is asked for: the scripted model's options and the response's own. */
export type RecordedCase = {
  model: Omit<ScriptedModelOptions, 'answers' | 'reasoning'> & { answers: readonly string[] };
  response: Omit<WorkerResponseOptions<unknown>, 'model'>;
};

/** Makes the response a case describes, running in `source` (not started). */
export function responseIn(source: RecordingSource, spec: RecordedCase): StreamedResponse<unknown> {
  const inPage = () => createResponse<unknown>({ model: scriptedModel(spec.model), ...spec.response });
  if (source === 'page') return inPage();
  if (source === 'wire')
    return fromPatchStream({ url: 'https://answers.test/answer', fetch: async () => toPatchStream(inPage()) });
  return createWorkerResponse({ model: { provider: 'scriptedModel', ...spec.model }, ...spec.response, worker: false });
}

/** An error as plain data: its class, code and message. */
export function errorRecord(error: unknown): unknown {
  if (!(error instanceof Error)) return { thrown: error };
  return { name: error.name, code: (error as { code?: unknown }).code, message: error.message };
}

/**
 * Everything a user reads off a response, taken while it streams: the events it sends besides
 * patches and text (attempts, statuses, the final data, errors), its store's last state (its error
 * as class, code and message: what crosses the wire), its
 * observation log (prompts and answer texts blanked, as the wire sends it) and how `getData()` ended.
 */
export type Observed = {
  milestones: unknown[];
  state: Omit<FieldStoreState<unknown>, 'error'> & { error: unknown };
  observations: unknown[];
  outcome: unknown;
};

/** Follows a response (not started yet) and gives what was observed once it settled. */
export function observe(response: StreamedResponse<unknown>): () => Promise<Observed> {
  const store = createFieldStore(response);
  const milestones: unknown[] = [];
  response.subscribe((event) => {
    if (event.type === 'patch' || event.type === 'text' || event.type === 'connection') return;
    milestones.push(event.type === 'error' ? { ...event, error: errorRecord(event.error) } : event);
  });
  return async () => {
    const outcome = await response.getData().then(
      (data) => ({ data }),
      (error: unknown) => ({ error: errorRecord(error) }),
    );
    const state = store.getState();
    // An error in the page keeps what never crosses the wire (its raw text, a response body).
    const error = state.error === undefined ? undefined : errorRecord(state.error);
    return { milestones, state: { ...state, error }, observations: response.events.map(plainObservation), outcome };
  };
}

function plainObservation(event: object): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event))
    out[key] = key === 'prompt' || key === 'text' ? '' : value instanceof Error ? errorRecord(value) : value;
  return out;
}
