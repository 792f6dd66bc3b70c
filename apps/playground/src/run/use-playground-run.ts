import type { FieldStore, ModelResponse } from '@fieldstream/core';
import { useResponse } from '@fieldstream/react';
import { useEffect } from 'react';
import { createPlaygroundResponse } from './create-playground-response';
import { EventRecorder } from './event-recorder';
import type { ScenarioSettings } from './scenario-settings';

/** One run of the playground: the response, its store, its recorder and its scenario id. */
export type PlaygroundRun = {
  store: FieldStore<unknown>;
  response: ModelResponse | undefined;
  recorder: EventRecorder | undefined;
  /** The id the server logs this response's requests under (`/api/stats?scenario=…`). */
  scenario: string | undefined;
  /** The settings the current response was started with. */
  settings: ScenarioSettings | undefined;
  start(settings: ScenarioSettings): void;
  abort(): void;
};

type RunExtras = { scenario: string; recorder: EventRecorder; settings: ScenarioSettings };

// Extras live beside each response, created in the start callback (an event handler, never render).
const extras = new WeakMap<ModelResponse, RunExtras>();

/** Starts and aborts playground responses through `@fieldstream/react`'s `useResponse`. */
export function usePlaygroundRun(): PlaygroundRun {
  const handle = useResponse<ModelResponse, unknown, [ScenarioSettings]>((signal, settings) => {
    const { response, scenario } = createPlaygroundResponse(signal, settings);
    extras.set(response, { scenario, recorder: new EventRecorder(response), settings });
    return response;
  });
  const current = handle.response === undefined ? undefined : extras.get(handle.response);
  const recorder = current?.recorder;
  useEffect(() => () => recorder?.detach(), [recorder]);
  return {
    store: handle.store,
    response: handle.response,
    recorder,
    scenario: current?.scenario,
    settings: current?.settings,
    start: (settings) => {
      handle.start(settings);
    },
    abort: handle.abort,
  };
}
