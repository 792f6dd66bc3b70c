import type { FormatOption } from '@fieldstream/core';
import { expect, test } from '@playwright/test';
import { expectedData, presetById, resolvePresetFormat } from '../apps/playground/src/presets/index';
import { scenarioStats } from './support/api';
import {
  currentScenario,
  domSamples,
  expectOnlyValidIntermediateStates,
  expectStatus,
  fieldTexts,
  finalData,
  installDomSampler,
  leafTexts,
  openScenario,
} from './support/playground';

// Each preset streams through the real pipeline (SSE → openAIChat → createResponse → store → React)
// and ends with its data on screen; no intermediate frame shows anything the final value rules out.

const cases: { preset: string; format: FormatOption; chunkSize: number }[] = [
  { preset: 'incident', format: 'json', chunkSize: 1 },
  { preset: 'invoice', format: 'json', chunkSize: 3 },
  { preset: 'netlist', format: 'hybrid', chunkSize: 2 },
  { preset: 'lesson', format: 'xml_field', chunkSize: 3 },
  { preset: 'runbook', format: 'yaml_literal', chunkSize: 2 },
  { preset: 'legacy-notes', format: 'flat_markdown', chunkSize: 2 },
  { preset: 'plain-text', format: 'text', chunkSize: 3 },
  // auto: all-string lesson → xml_field, strings + typed incident → hybrid, netlist → hybrid.
  { preset: 'incident', format: 'auto', chunkSize: 3 },
  { preset: 'lesson', format: 'auto', chunkSize: 5 },
  // The same data in formats it was not hand-written in.
  { preset: 'invoice', format: 'yaml_literal', chunkSize: 4 },
  { preset: 'netlist', format: 'xml_field', chunkSize: 3 },
  { preset: 'runbook', format: 'hybrid', chunkSize: 3 },
  { preset: 'incident', format: 'flat_markdown', chunkSize: 3 },
];

for (const { preset: presetId, format, chunkSize } of cases) {
  test(`${presetId} in ${format} ends with its data; every frame shows a valid prefix`, async ({ page }) => {
    const preset = presetById(presetId);
    const resolved = resolvePresetFormat(preset, format);
    const expected = expectedData(preset.data, resolved, preset.output);
    // Plain text is short: a slower rate keeps enough frames to see it grow, even on a loaded machine.
    const charsPerSecond = preset.output === undefined ? 600 : 3000;
    await openScenario(page, '/live', { preset: presetId, format, chunkSize, charsPerSecond });
    await installDomSampler(page);
    await page.getByTestId('start-button').click();
    await expectStatus(page, 'done');

    expect(await finalData(page)).toEqual(expected);
    // Reasoning from a leading <think> block or the provider's reasoning channel, never in a field.
    const reasoning = preset.providerReasoning ?? /^\s*<think>([\s\S]*?)<\/think>/.exec(preset.recorded.text)?.[1];
    if (resolved !== 'text' && reasoning !== undefined) {
      await expect(page.getByTestId('reasoning')).toHaveText(reasoning.trim());
    }
    const samples = await domSamples(page);
    if (preset.output === undefined) {
      await expect(page.getByTestId('text-answer')).toHaveText(expected as string, { useInnerText: false });
      expect(samples.textAnswer.length).toBeGreaterThan(2);
      for (const text of samples.textAnswer) expect((expected as string).startsWith(text)).toBe(true);
    } else {
      const shown = await fieldTexts(page);
      const want = Object.fromEntries([...leafTexts(expected)].map(([path, leaf]) => [path, leaf.text]));
      expect(shown).toEqual(want);
      expectOnlyValidIntermediateStates(samples, expected);
      // The form filled in while the answer streamed: some field was on screen before its final value.
      expect(Object.values(samples.fields).some((seen) => seen.length >= 2)).toBe(true);
    }
    const stats = await scenarioStats(page.request, await currentScenario(page));
    expect(stats.log.map((record) => [record.format, record.outcome])).toEqual([[resolved, 'completed']]);
  });
}
