import { createResponse, type FieldStore, type ModelResponse, type ResponseMeta } from '@fieldstream/core';
import { useResponse } from '@fieldstream/react';
import { useEffect, useState } from 'react';
import { presetById } from '../../presets/index';
import { newScenarioId } from '../../run/create-playground-response';
import { EventRecorder } from '../../run/event-recorder';
import { providerModel } from './provider-model';
import type { ProviderRunSettings } from './provider-settings';

/** One run on the providers page: the response, its store and recorder, and `getMeta()` once settled. */
export type ProviderRun = {
  store: FieldStore<unknown>;
  response: ModelResponse | undefined;
  recorder: EventRecorder | undefined;
  scenario: string | undefined;
  settings: ProviderRunSettings | undefined;
  /** `getMeta()` of the current response, once it settled. */
  meta: ResponseMeta | undefined;
  start(settings: ProviderRunSettings): void;
  abort(): void;
};

type RunExtras = { scenario: string; recorder: EventRecorder; settings: ProviderRunSettings };

// Extras live beside each response, created in the start callback (an event handler, never render).
const extras = new WeakMap<ModelResponse, RunExtras>();

/** Runs a preset through the chosen provider adapter with `createResponse`. */
export function useProviderRun(): ProviderRun {
  const handle = useResponse<ModelResponse, unknown, [ProviderRunSettings]>((signal, settings) => {
    const preset = presetById(settings.preset);
    const scenario = newScenarioId(`${settings.provider}-${preset.id}`);
    const model = providerModel(
      settings.provider,
      {
        preset: preset.id,
        format: settings.format,
        scenario,
        charsPerSecond: settings.charsPerSecond,
        chunkSize: settings.chunkSize,
        faults: settings.faults,
        live: settings.live,
      },
      preset.output,
    );
    const response = createResponse({
      model,
      input: preset.input,
      // Plain text has no schema: picking `text` for a structured preset asks for prose.
      output: settings.format === 'text' ? undefined : preset.output,
      format: preset.output === undefined ? 'text' : settings.format,
      maxRetries: settings.maxRetries,
      signal,
    });
    extras.set(response, { scenario, recorder: new EventRecorder(response), settings });
    return response;
  });
  const response = handle.response;
  const current = response === undefined ? undefined : extras.get(response);
  const recorder = current?.recorder;
  useEffect(() => () => recorder?.detach(), [recorder]);

  const [settled, setSettled] = useState<{ response: ModelResponse; meta: ResponseMeta } | undefined>(undefined);
  useEffect(() => {
    if (response === undefined) return;
    let live = true;
    response.getMeta().then((meta) => {
      if (live) setSettled({ response, meta });
    });
    return () => {
      live = false;
    };
  }, [response]);

  return {
    store: handle.store,
    response,
    recorder,
    scenario: current?.scenario,
    settings: current?.settings,
    meta: settled?.response === response ? settled?.meta : undefined,
    start: (settings) => {
      handle.start(settings);
    },
    abort: handle.abort,
  };
}
