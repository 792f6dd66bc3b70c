import type { FieldStore, ModelResponse } from '@fieldstream/core';
import { useResponse } from '@fieldstream/react';
import { useEffect, useState } from 'react';
import { createPlaygroundResponse, type ScenarioTransport } from './create-playground-response';
import { EventRecorder } from './event-recorder';
import type { ScenarioSettings } from './scenario-settings';

/** One run of the playground: the response, its store, its recorder and its scenario id. */
export type PlaygroundRun<S extends ScenarioSettings = ScenarioSettings> = {
  store: FieldStore<unknown>;
  response: ModelResponse | undefined;
  recorder: EventRecorder | undefined;
  /** The id the server logs this response's requests under (`/api/stats?scenario=…`). */
  scenario: string | undefined;
  /** The settings the current response was started with. */
  settings: S | undefined;
  start(settings: S): void;
  abort(): void;
};

type RunExtras<S> = { scenario: string; recorder: EventRecorder; settings: S };

/**
 * Starts and aborts playground responses through `@fieldstream/react`'s `useResponse`, over the
 * transport `transportFor` picks for the settings (by default the built-in model's chat endpoint).
 */
export function usePlaygroundRun<S extends ScenarioSettings = ScenarioSettings>(
  transportFor?: (settings: S) => ScenarioTransport,
): PlaygroundRun<S> {
  // Extras live beside each response, created in the start callback (an event handler, never render).
  const [extras] = useState(() => new WeakMap<ModelResponse, RunExtras<S>>());
  const handle = useResponse<ModelResponse, unknown, [S]>((signal, settings) => {
    const { response, scenario } = createPlaygroundResponse(signal, settings, transportFor?.(settings));
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
