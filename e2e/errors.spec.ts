import { expect, test } from '@playwright/test';
import { planAnswer, presetById } from '../apps/playground/src/presets/index';
import { scenarioStats } from './support/api';
import { currentScenario, expectStatus, fieldTexts, leafTexts, openScenario } from './support/playground';

const incident = presetById('incident');
const finalTexts = leafTexts(incident.data);

for (const fault of ['drop_connection', 'provider_error'] as const) {
  test(`${fault}: a clear error, and nothing streamed is lost`, async ({ page }) => {
    await openScenario(page, '/live', { preset: 'incident', faults: [fault], maxRetries: 0, charsPerSecond: 3000 });
    await page.getByTestId('start-button').click();
    await expectStatus(page, 'error');
    const message = page.getByTestId('error-message');
    if (fault === 'drop_connection') await expect(message).toContainText(/TransportError: Connection dropped/);
    else await expect(message).toContainText(/ProviderError: .*overloaded/);

    // Everything the half answer held is still on screen: completed fields whole, the open one as far as it got.
    const plan = planAnswer({ preset: incident, format: 'json', attempt: 0, faults: [fault] });
    const delivered = plan.text.slice(0, plan.stopAt);
    const kept = await fieldTexts(page);
    for (const path of ['status_summary', 'severity', 'impact', 'affected_services[0]']) {
      expect(kept[path], path).toBe(finalTexts.get(path)?.text);
      expect(delivered).toContain(JSON.stringify(finalTexts.get(path)?.text).slice(1, -1).replace(/—/g, '\\u2014'));
    }
    for (const [path, text] of Object.entries(kept))
      expect(finalTexts.get(path)?.text.startsWith(text), path).toBe(true);
    await expect(page.getByTestId('final-data-pending')).toHaveText('Not yet: error.');
    const stats = await scenarioStats(page.request, await currentScenario(page));
    expect(stats.log.map((record) => record.outcome)).toEqual([
      fault === 'drop_connection' ? 'dropped' : 'provider_error',
    ]);
  });
}

test('with retries left, a dropped connection is retried into the full answer', async ({ page }) => {
  await openScenario(page, '/progress', {
    preset: 'incident',
    faults: ['drop_connection'],
    maxRetries: 1,
    charsPerSecond: 0,
  });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  await expect(page.getByTestId('retry-log').locator('li[data-type="model.retrying"]')).toContainText('request_failed');
  const stats = await scenarioStats(page.request, await currentScenario(page));
  expect(stats.log.map((record) => record.outcome)).toEqual(['dropped', 'completed']);
});

test('slow first token: the UI streams once the first token arrives', async ({ page }) => {
  await openScenario(page, '/live', {
    preset: 'lesson',
    format: 'xml_field',
    faults: ['slow_first_token'],
    charsPerSecond: 0,
  });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'streaming');
  await expect(page.locator('[data-testid="live-form"] .fs-field[data-phase="pending"]')).toHaveCount(6);
  await expectStatus(page, 'done');
  await expect(page.locator('[data-testid="live-form"] .fs-field[data-reconciled="confirmed"]')).toHaveCount(6);
});
