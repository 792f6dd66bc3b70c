import { useStreamStatus } from '@fieldstream/react';
import type { ReactElement } from 'react';
import { isStreamingStatus } from '../../components/busy';
import { FinalData } from '../../components/final-data';
import { PresetAnswer } from '../../components/preset-answer';
import { ReasoningPanel } from '../../components/reasoning-panel';
import { RunStatus } from '../../components/run-status';
import { ScenarioControls } from '../../controls/scenario-controls';
import { answerShape } from '../../run/answer-shape';
import { ContractDemo } from './contract-demo';
import { ContractPlanningTable } from './contract-planning-table';
import { PROVIDER_CHOICES } from './provider-choices';
import { ProviderMetaPanel } from './provider-meta-panel';
import { useProviderSettings } from './provider-settings';
import { useProviderRun } from './use-provider-run';
import './providers.css';

/**
 * Every provider adapter against the built-in model, each over its own wire shape: the live form,
 * the reasoning and `getMeta()`; then output-contract planning for every provider's capabilities.
 */
export function ProvidersPage({ params }: { params: URLSearchParams }): ReactElement {
  const [settings, setSettings] = useProviderSettings(params);
  const run = useProviderRun();
  const { status } = useStreamStatus(run.store);
  // The form follows the running response; before a run, the pickers.
  const active = run.settings ?? settings;
  const { preset, textMode } = answerShape(active);
  const picked = PROVIDER_CHOICES.find((choice) => choice.id === settings.provider);
  const running = PROVIDER_CHOICES.find((choice) => choice.id === active.provider);
  return (
    <div className="page providers-page">
      <h2>Providers</h2>
      <p className="muted">
        The same presets through each provider adapter: createResponse({'{'} model: provider({'{'} baseURL: '/api/…'{' '}
        {'}'}) {'}'}) against this server, which answers in that provider's wire shape.
      </p>
      <fieldset className="provider-picker" data-testid="provider-picker">
        <legend>Provider</legend>
        {PROVIDER_CHOICES.map((choice) => (
          <label key={choice.id}>
            <input
              type="radio"
              name="provider"
              value={choice.id}
              data-testid={`provider-${choice.id}`}
              checked={settings.provider === choice.id}
              onChange={() => setSettings({ ...settings, provider: choice.id })}
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
      <p className="muted provider-wire" data-testid="provider-wire">
        {picked?.wire}
      </p>
      {settings.live && settings.provider !== 'openAIChat' ? (
        <p className="muted">
          The real-model toggle applies to OpenAI Chat only; this provider uses the built-in model.
        </p>
      ) : null}
      <ScenarioControls
        settings={settings}
        onChange={(next) => setSettings({ ...next, provider: settings.provider })}
        onStart={() => run.start(settings)}
        onAbort={run.abort}
        running={isStreamingStatus(status)}
      />
      <RunStatus store={run.store} scenario={run.scenario} />
      <div className="columns">
        <section className="panel" data-testid="live-form" data-preset={preset.id} data-provider={active.provider}>
          <h3>
            {preset.title} <span className="muted">via {running?.label}</span>
          </h3>
          <PresetAnswer preset={preset} textMode={textMode} run={run} status={status} />
        </section>
        <div className="stack">
          <ReasoningPanel store={run.store} />
          <ProviderMetaPanel meta={run.meta} adapter={run.settings?.provider} />
          <FinalData store={run.store} />
        </div>
      </div>
      <ContractPlanningTable />
      <ContractDemo />
    </div>
  );
}
