import { useState } from 'react';
import { replaceRouteParams } from '../router/use-hash-route';
import { type ScenarioSettings, settingsFromParams, settingsToParams } from './scenario-settings';

/**
 * Settings for a page, read once from the route's query and written back to it on change, so a
 * URL reproduces a scenario (`#/live?preset=runbook&faults=missing_field`).
 */
export function useRouteSettings(params: URLSearchParams): [ScenarioSettings, (next: ScenarioSettings) => void] {
  const [settings, setSettings] = useState(() => settingsFromParams(params));
  const update = (next: ScenarioSettings): void => {
    setSettings(next);
    replaceRouteParams(settingsToParams(next));
  };
  return [settings, update];
}
