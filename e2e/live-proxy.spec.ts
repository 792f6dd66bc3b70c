import { expect, test } from '@playwright/test';
import { presetById } from '../apps/playground/src/presets/index';
import { scenarioStats } from './support/api';
import { currentScenario, expectStatus, finalData, openScenario } from './support/playground';
import { E2E_PROXY_KEY } from './support/proxy-key';

// The e2e server's OPENAI_BASE_URL points at its own built-in model (playwright.config.ts), so the
// proxy path runs end to end: browser → /api (no key) → proxy adds the key → "real" endpoint.

test('the live toggle proxies to the configured endpoint; the key stays on the server', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    sent.push(JSON.stringify({ headers: request.headers(), body: request.postData() ?? '' }));
  });
  await openScenario(page, '/live', { preset: 'incident', format: 'json', live: true });
  await expect(page.getByTestId('live-toggle')).toBeChecked();
  const before = (await scenarioStats(page.request, 'anonymous')).requests;
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(presetById('incident').data);

  const own = await scenarioStats(page.request, await currentScenario(page));
  expect(own.log.map((record) => [record.outcome, record.authorization])).toEqual([['proxied', false]]);
  // The upstream request arrived without the playground's options and with the server's key.
  const upstream = await scenarioStats(page.request, 'anonymous');
  expect(upstream.requests).toBe(before + 1);
  expect(upstream.log.at(-1)).toMatchObject({ authorization: true, outcome: 'completed' });

  const config = await (await page.request.get('/api/config')).text();
  for (const text of [...sent, config, await page.content()]) expect(text).not.toContain(E2E_PROXY_KEY);
  expect(sent.some((request) => request.includes('"authorization"'))).toBe(false);
});
