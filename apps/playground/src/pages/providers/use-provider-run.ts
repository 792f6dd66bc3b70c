import type { ModelResponse, ResponseMeta } from '@fieldstream/core';
import { useEffect, useState } from 'react';
import type { ScenarioTransport } from '../../run/create-playground-response';
import { type PlaygroundRun, usePlaygroundRun } from '../../run/use-playground-run';
import { providerModel } from './provider-model';
import type { ProviderRunSettings } from './provider-settings';

/** One run on the providers page: a playground run plus `getMeta()` once settled. */
export type ProviderRun = PlaygroundRun<ProviderRunSettings> & {
  /** `getMeta()` of the current response, once it settled. */
  meta: ResponseMeta | undefined;
};

/** The chosen provider adapter as the run's way to the server. */
function providerTransport(settings: ProviderRunSettings): ScenarioTransport {
  return {
    name: settings.provider,
    model: (options, preset) => providerModel(settings.provider, options, preset.output),
  };
}

/** Runs a preset through the chosen provider adapter with `createResponse`. */
export function useProviderRun(): ProviderRun {
  const run = usePlaygroundRun(providerTransport);
  const response = run.response;
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
  return { ...run, meta: settled?.response === response ? settled?.meta : undefined };
}
