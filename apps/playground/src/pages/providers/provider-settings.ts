import { useState } from 'react';
import { replaceRouteParams } from '../../router/use-hash-route';
import { type ScenarioSettings, settingsFromParams, settingsToParams } from '../../run/scenario-settings';
import { providerById } from './provider-choices';
import type { PlaygroundProvider } from './provider-routes';

/** The providers page's settings: a scenario plus the provider it runs through. */
export type ProviderRunSettings = ScenarioSettings & { provider: PlaygroundProvider };

/**
 * Settings read once from the route's query (the scenario keys plus `provider`) and written back
 * on change, so a URL reproduces a run: `#/providers?provider=anthropicMessages&preset=lesson`.
 */
export function useProviderSettings(
  params: URLSearchParams,
): [ProviderRunSettings, (next: ProviderRunSettings) => void] {
  const [settings, setSettings] = useState<ProviderRunSettings>(() => ({
    ...settingsFromParams(params),
    provider: providerById(params.get('provider')),
  }));
  const update = (next: ProviderRunSettings): void => {
    setSettings(next);
    replaceRouteParams(providerParams(next));
  };
  return [settings, update];
}

/** The query of a providers-page URL. */
export function providerParams(settings: ProviderRunSettings): URLSearchParams {
  const params = settingsToParams(settings);
  params.set('provider', settings.provider);
  return params;
}
