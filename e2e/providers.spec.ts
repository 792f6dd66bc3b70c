import type { FormatOption } from '@fieldstream/core';
import { anthropicMessagesFixture, openAIResponsesFixture } from '@fieldstream/core/testing';
import { expect, type Page, test } from '@playwright/test';
import type { ScenarioStats } from '../apps/playground/src/api/scenario-options';
import {
  type PlaygroundProvider,
  PROVIDER_ROUTES,
  PROVIDER_STATS_ROUTE,
} from '../apps/playground/src/pages/providers/provider-routes';
import { expectedData, planAnswer, presetById, resolvePresetFormat } from '../apps/playground/src/presets/index';
import { type ScenarioSettings, settingsToParams } from '../apps/playground/src/run/scenario-settings';
import { scenarioStats, ssePayloads, uniqueScenario } from './support/api';
import { currentScenario, expectStatus, fieldTexts, finalData, leafTexts } from './support/playground';

// Every provider adapter runs a preset from #/providers against the server's endpoint in that
// provider's wire shape: SSE → adapter → createResponse → store → React.

/** Opens the providers page with a provider and scenario settings in its query. */
async function openProviders(page: Page, provider: PlaygroundProvider, settings: Partial<ScenarioSettings>) {
  const params = settingsToParams({
    preset: 'incident',
    format: 'json',
    charsPerSecond: 3000,
    chunkSize: 3,
    faults: [],
    maxRetries: 0,
    live: false,
    ...settings,
  });
  params.set('provider', provider);
  await page.goto(`/#/providers?${params}`);
  await expect(page.getByTestId(`provider-${provider}`)).toBeChecked();
}

/** The provider endpoints' request log for the current run (the chat endpoint keeps its own). */
async function providerStats(page: Page, provider: PlaygroundProvider): Promise<ScenarioStats> {
  const scenario = await currentScenario(page);
  if (provider === 'openAIChat') return scenarioStats(page.request, scenario);
  const response = await page.request.get(`${PROVIDER_STATS_ROUTE}?scenario=${encodeURIComponent(scenario)}`);
  return (await response.json()) as ScenarioStats;
}

type ProviderCase = {
  provider: PlaygroundProvider;
  preset: string;
  format: FormatOption;
  /** What `getMeta()` reports as `provider` and `finishReason` (undefined: the wire has none). */
  reportedProvider: string | undefined;
  finishReason: string | undefined;
  /** The wire reports token usage. */
  usage: boolean;
};

const cases: ProviderCase[] = [
  {
    provider: 'openAIChat',
    preset: 'incident',
    format: 'json',
    reportedProvider: 'openAIChat',
    finishReason: 'stop',
    usage: true,
  },
  {
    provider: 'openAIResponses',
    preset: 'netlist',
    format: 'hybrid',
    reportedProvider: 'openAIResponses',
    finishReason: 'completed',
    usage: true,
  },
  {
    provider: 'anthropicMessages',
    preset: 'lesson',
    format: 'xml_field',
    reportedProvider: 'anthropicMessages',
    finishReason: 'end_turn',
    usage: true,
  },
  // Agently: patches parsed on the server; `requires_approval: True` arrives as a Python dict.
  {
    provider: 'agentlyInstant',
    preset: 'runbook',
    format: 'yaml_literal',
    reportedProvider: undefined,
    finishReason: 'stop',
    usage: true,
  },
  // A plain-text answer has no fields: Agently sends it as `delta` text events.
  {
    provider: 'agentlyInstant',
    preset: 'plain-text',
    format: 'text',
    reportedProvider: undefined,
    finishReason: 'stop',
    usage: true,
  },
  {
    provider: 'textStream',
    preset: 'incident',
    format: 'json',
    reportedProvider: undefined,
    finishReason: undefined,
    usage: false,
  },
];

for (const { provider, preset: presetId, format, reportedProvider, finishReason, usage } of cases) {
  test(`${provider}: ${presetId} in ${format} ends with its data, reasoning and meta`, async ({ page }) => {
    const preset = presetById(presetId);
    const resolved = resolvePresetFormat(preset, format);
    const expected = expectedData(preset.data, resolved, preset.output);
    await openProviders(page, provider, { preset: presetId, format });
    await page.getByTestId('start-button').click();
    await expectStatus(page, 'done');

    expect(await finalData(page)).toEqual(expected);
    if (preset.output === undefined) {
      await expect(page.getByTestId('text-answer')).toHaveText(expected as string, { useInnerText: false });
    } else {
      const want = Object.fromEntries([...leafTexts(expected)].map(([path, leaf]) => [path, leaf.text]));
      expect(await fieldTexts(page)).toEqual(want);
    }
    // Reasoning from the provider's own channel (Anthropic thinking, Responses reasoning summary, an
    // Agently `$reasoning` path) or a leading <think> block in the text: never in a field.
    const reasoning = preset.providerReasoning ?? /^\s*<think>([\s\S]*?)<\/think>/.exec(preset.recorded.text)?.[1];
    if (resolved !== 'text' && reasoning !== undefined) {
      await expect(page.getByTestId('reasoning')).toHaveText(reasoning.trim());
    }

    const meta = page.getByTestId('provider-meta');
    await expect(meta).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('meta-adapter')).toHaveText(provider);
    await expect(page.getByTestId('meta-provider')).toHaveText(reportedProvider ?? 'not reported');
    await expect(page.getByTestId('meta-finish-reason')).toHaveText(finishReason ?? 'not reported');
    await expect(page.getByTestId('meta-attempts')).toHaveText('1');
    if (usage) {
      await expect(page.getByTestId('meta-model')).toHaveText('fieldstream-scripted');
      // Every endpoint counts a token per four answer characters (and per four prompt characters).
      const plan = planAnswer({ preset, format, attempt: 0, faults: [] });
      const output = Math.ceil(plan.stopAt / 4);
      await expect(page.getByTestId('meta-output-tokens')).toHaveText(String(output));
      const input = Number(await page.getByTestId('meta-input-tokens').textContent());
      expect(input).toBeGreaterThan(0);
      await expect(page.getByTestId('meta-total-tokens')).toHaveText(String(input + output));
    } else {
      for (const id of ['meta-model', 'meta-input-tokens', 'meta-output-tokens', 'meta-total-tokens']) {
        await expect(page.getByTestId(id)).toHaveText('not reported');
      }
    }
    const stats = await providerStats(page, provider);
    expect(stats.log.map((record) => [record.format, record.outcome])).toEqual([[resolved, 'completed']]);
  });
}

const incident = presetById('incident');
const finalTexts = leafTexts(incident.data);

const faultCases: { provider: PlaygroundProvider; fault: 'provider_error' | 'drop_connection'; error: RegExp }[] = [
  { provider: 'anthropicMessages', fault: 'provider_error', error: /^ProviderError: anthropicMessages: .*overloaded/ },
  { provider: 'openAIResponses', fault: 'provider_error', error: /^ProviderError: openAIResponses: .*overloaded/ },
  { provider: 'agentlyInstant', fault: 'drop_connection', error: /^TransportError: / },
  // Raw text has no error channel: a provider error can only cut the stream.
  { provider: 'textStream', fault: 'provider_error', error: /^TransportError: / },
];

for (const { provider, fault, error } of faultCases) {
  test(`${provider} with ${fault}: a clear typed error, nothing streamed is lost`, async ({ page }) => {
    await openProviders(page, provider, { preset: 'incident', format: 'json', faults: [fault] });
    await page.getByTestId('start-button').click();
    await expectStatus(page, 'error');
    await expect(page.getByTestId('error-message')).toHaveText(error);

    // The fields the half answer completed are whole; the rest show a prefix of their final text.
    const kept = await fieldTexts(page);
    for (const path of ['status_summary', 'severity', 'impact', 'affected_services[0]']) {
      expect(kept[path], path).toBe(finalTexts.get(path)?.text);
    }
    for (const [path, text] of Object.entries(kept)) {
      expect(finalTexts.get(path)?.text.startsWith(text), path).toBe(true);
    }
    await expect(page.getByTestId('final-data-pending')).toHaveText('Not yet: error.');
    await expect(page.getByTestId('provider-meta')).toHaveAttribute('data-status', 'error');
    const stats = await providerStats(page, provider);
    const outcome = fault === 'provider_error' && provider !== 'textStream' ? 'provider_error' : 'dropped';
    expect(stats.log.map((record) => record.outcome)).toEqual([outcome]);
  });
}

test('agentlyInstant with a missing required field: ensure fails on the patched data, the retry fills it', async ({
  page,
}) => {
  await openProviders(page, 'agentlyInstant', {
    preset: 'incident',
    format: 'json',
    faults: ['missing_field'],
    maxRetries: 1,
  });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  await expect(page.getByTestId('attempt-counter')).toHaveText('attempt 2');
  expect(await finalData(page)).toEqual(incident.data);
  await expect(page.getByTestId('meta-attempts')).toHaveText('2');
  const stats = await providerStats(page, 'agentlyInstant');
  expect(stats.log.map((record) => [record.attempt, record.outcome])).toEqual([
    [0, 'completed'],
    [1, 'completed'],
  ]);
});

test('the planning table shows the exact plans for OpenAI Responses and Anthropic Messages', async ({ page }) => {
  await page.goto('/#/providers');
  const cell = (provider: string, request: string) => page.getByTestId(`plan-${provider}-${request}`);
  const expectPlan = async (provider: string, request: string, action: string, format: string, instruction: string) => {
    const target = cell(provider, request);
    await expect(target.getByTestId('plan-action')).toHaveText(action);
    await expect(target).toHaveAttribute('data-response-format', format);
    await expect(target).toHaveAttribute('data-instruction', instruction);
  };
  // Seed godex-output-contract.txt: no json_schema → passthrough with the original format;
  // native json_schema → supported; a format the provider cannot take → rejected.
  await expectPlan('openAIResponses', 'text', 'passthrough', 'text', 'no');
  await expectPlan('openAIResponses', 'json_object', 'passthrough', 'json_object', 'no');
  await expectPlan('openAIResponses', 'json_schema_strict', 'supported', 'json_schema (strict)', 'no');
  await expectPlan('openAIResponses', 'json_schema_hint', 'supported', 'json_schema (non-strict)', 'no');
  await expectPlan('anthropicMessages', 'text', 'passthrough', 'text', 'no');
  await expectPlan('anthropicMessages', 'json_object', 'rejected', 'none', 'no');
  await expectPlan('anthropicMessages', 'json_schema_strict', 'rejected', 'none', 'no');
  await expectPlan('anthropicMessages', 'json_schema_hint', 'rejected', 'none', 'no');
  // The capability data the plans come from.
  await expect(page.getByTestId('capability-anthropicMessages-jsonSchema')).toHaveText('no');
  await expect(page.getByTestId('capability-openAIResponses-strictJsonSchema')).toHaveText('yes');
  // Six shipped providers × four requests.
  await expect(page.locator('[data-testid^="plan-row-"]')).toHaveCount(6);
  await expect(page.locator('td[data-action]')).toHaveCount(24);
});

test('a degraded contract: a good final text completes, a bad one fails with the diagnostic', async ({ page }) => {
  await page.goto('/#/providers');
  const demo = page.getByTestId('contract-demo');
  await expect(demo).toHaveAttribute('data-action', 'degraded');
  await expect(demo.getByTestId('contract-demo-instruction')).toContainText('"incident_update"', {
    useInnerText: false,
  });

  const good = demo.getByTestId('contract-sample-good');
  await expect(good).toHaveAttribute('data-status', 'completed');
  await expect(good.getByTestId('contract-diagnostic-code')).toHaveCount(0);

  for (const [id, message] of [
    ['fenced', /^output_text is not valid JSON/],
    ['schema', /^output_text does not match the schema "incident_update": severity: .*"SEV9"/],
  ] as const) {
    const row = demo.getByTestId(`contract-sample-${id}`);
    await expect(row).toHaveAttribute('data-status', 'failed');
    await expect(row.getByTestId('contract-status')).toHaveText('failed');
    await expect(row.getByTestId('contract-diagnostic-code')).toHaveText('BRIDGE_RESPONSE_INVALID_OUTPUT_FORMAT');
    await expect(row.getByTestId('contract-diagnostic-path')).toHaveText('response.output_text');
    await expect(row.getByTestId('contract-diagnostic-message')).toHaveText(message);
  }

  // Your own text is checked as you type.
  const custom = demo.getByTestId('contract-sample-custom');
  await demo.getByTestId('contract-custom-text').fill('[1, 2]');
  await expect(custom).toHaveAttribute('data-status', 'failed');
  await expect(custom.getByTestId('contract-diagnostic-message')).toHaveText(
    'output_text must be a JSON object, got an array',
  );
  await demo.getByTestId('contract-custom-text').fill(JSON.stringify(incident.data));
  await expect(custom).toHaveAttribute('data-status', 'completed');
});

/** Event names of an SSE body, consecutive repeats collapsed. */
function eventNames(body: string): string[] {
  const names = body
    .split('\n')
    .filter((line) => line.startsWith('event: '))
    .map((line) => line.slice(7));
  return names.filter((name, index) => name !== names[index - 1]);
}

/** `expected` appears in `actual` in order (other events may sit between). */
function isSubsequence(expected: readonly string[], actual: readonly string[]): boolean {
  let at = 0;
  for (const name of actual) if (name === expected[at]) at += 1;
  return at === expected.length;
}

test("the Responses and Anthropic endpoints stream core's recorded fixture shapes", async ({ request }) => {
  const plan = planAnswer({ preset: incident, format: 'json', attempt: 0, faults: [] });
  const think = /^\s*<think>([\s\S]*?)<\/think>\s*/.exec(plan.text);
  const answer = plan.text.slice(think?.[0].length ?? 0);
  const fixture = { text: ['a', 'b'], reasoning: ['r', 's'] };
  for (const [provider, recorded, textOf, reasoningOf] of [
    [
      'openAIResponses',
      openAIResponsesFixture(fixture),
      (event: Record<string, unknown>) => (event.type === 'response.output_text.delta' ? event.delta : undefined),
      (event: Record<string, unknown>) =>
        event.type === 'response.reasoning_summary_text.delta' ? event.delta : undefined,
    ],
    [
      'anthropicMessages',
      anthropicMessagesFixture(fixture),
      (event: Record<string, unknown>) => (event.delta as Record<string, unknown> | undefined)?.text,
      (event: Record<string, unknown>) => (event.delta as Record<string, unknown> | undefined)?.thinking,
    ],
  ] as const) {
    const response = await request.post(PROVIDER_ROUTES[provider], {
      data: {
        messages: [{ role: 'user', content: 'hello' }],
        fieldstream: { preset: 'incident', charsPerSecond: 0, chunkSize: 40, scenario: uniqueScenario(provider) },
      },
    });
    expect(response.headers()['content-type']).toContain('text/event-stream');
    const body = await response.text();
    expect(isSubsequence(eventNames(recorded), eventNames(body)), provider).toBe(true);
    const events = ssePayloads(body) as Record<string, unknown>[];
    // The <think> block went to the reasoning channel; the answer text is the rest, whole.
    expect(events.map(textOf).join('')).toBe(answer);
    expect(events.map(reasoningOf).join('')).toBe(think?.[1]);
  }
});
