import { expect, test } from '@playwright/test';
import { presetById } from '../apps/playground/src/presets/index';
import { scenarioStats } from './support/api';
import { currentScenario, expectStatus, fieldTexts, leafTexts, openScenario } from './support/playground';

const incident = presetById('incident');
const finalTexts = leafTexts(incident.data);
// These tests wait on events (a field's first text, a status), never on throughput: on a loaded
// machine a test may take longer than the suite's default.
test.describe.configure({ timeout: 60_000 });

test('abort mid-stream: the UI says aborted, keeps what streamed, and the server sees the request end', async ({
  page,
}) => {
  await openScenario(page, '/live', { preset: 'incident', charsPerSecond: 150, chunkSize: 2 });
  await page.getByTestId('start-button').click();
  const impact = page.locator('[data-testid="live-form"] .fs-field[data-path="impact"] .fs-field-text');
  await expect(impact).not.toHaveText('');
  const scenario = await currentScenario(page);
  expect((await scenarioStats(page.request, scenario)).open).toBe(1);

  await page.getByTestId('abort-button').click();
  await expectStatus(page, 'aborted');
  await expect(page.getByTestId('aborted-note')).toBeVisible();
  await expect(page.getByTestId('abort-button')).toBeDisabled();

  const kept = await fieldTexts(page);
  expect(kept.status_summary).toBe(finalTexts.get('status_summary')?.text);
  expect(kept.impact).not.toBe('');
  for (const [path, text] of Object.entries(kept)) {
    expect(finalTexts.get(path)?.text.startsWith(text), path).toBe(true);
  }
  // The stream really stopped: nothing more arrives.
  await expect.poll(async () => (await scenarioStats(page.request, scenario)).clientClosed).toBe(1);
  const stats = await scenarioStats(page.request, scenario);
  expect(stats).toMatchObject({ requests: 1, open: 0 });
  expect(stats.log[0]?.charsSent).toBeLessThan(incident.recorded.text.length);
  expect(await fieldTexts(page)).toEqual(kept);
});

test('hiding and showing the tab mid-stream sends exactly one request', async ({ page }) => {
  await openScenario(page, '/live', { preset: 'incident', charsPerSecond: 1500, chunkSize: 4 });
  await page.getByTestId('start-button').click();
  await expect(page.locator('[data-testid="live-form"] .fs-field[data-path="impact"] .fs-field-text')).not.toHaveText(
    '',
  );
  for (const state of ['hidden', 'visible', 'hidden', 'visible']) {
    await page.evaluate((visibility) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => visibility === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event(visibility === 'hidden' ? 'blur' : 'focus'));
    }, state);
  }
  await expectStatus(page, 'done', 25_000);
  const stats = await scenarioStats(page.request, await currentScenario(page));
  expect(stats.requests).toBe(1);
  expect(stats.log[0]?.outcome).toBe('completed');
});
