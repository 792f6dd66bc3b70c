import { expect, test } from '@playwright/test';
import { DASHBOARD_PRESETS } from '../apps/playground/src/pages/dashboard-page';

// Timing tests. They run in their own project after every other test (playwright.config.ts), one
// at a time, so no other browser competes for the CPU while they measure. Figures are printed
// (stdout and test annotations) so CI logs carry them.
test.describe.configure({ mode: 'serial' });

test('the dashboard streams six responses at once and stays responsive', async ({ page }) => {
  await page.goto('/#/dashboard?rate=500&chunk=2');
  await page.getByTestId('start-all').click();
  for (const id of DASHBOARD_PRESETS) {
    await expect(page.getByTestId(`tile-${id}`)).not.toHaveAttribute('data-status', 'idle');
  }
  // Real input events while the tiles stream: each click must be handled and committed within 100 ms.
  const probe = page.getByTestId('ping-output');
  const streamingAtClick: number[] = [];
  for (let click = 1; click <= 6; click++) {
    streamingAtClick.push(await page.locator('.tile[data-status="streaming"]').count());
    await page.getByTestId('ping-button').click();
    await expect(probe).toHaveAttribute('data-clicks', String(click));
  }
  const latencies = ((await probe.getAttribute('data-latencies')) ?? '').split(',').map(Number);
  for (const id of DASHBOARD_PRESETS) {
    await expect(page.getByTestId(`tile-${id}`)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  }
  await expect(page.locator('.tile .fs-field[data-reconciled="confirmed"]')).not.toHaveCount(0);
  await expect(page.locator('.tile .fs-field:not([data-reconciled="confirmed"])')).toHaveCount(0);
  const figure = `dashboard: input latency ${latencies.map((ms) => ms.toFixed(1)).join(', ')} ms (max ${Math.max(...latencies).toFixed(1)}); tiles streaming at each click: ${streamingAtClick.join(', ')}`;
  console.log(figure);
  test.info().annotations.push({ type: 'figure', description: figure });
  expect(latencies).toHaveLength(6);
  expect(Math.max(...latencies)).toBeLessThan(100);
  expect(Math.min(...streamingAtClick)).toBeGreaterThanOrEqual(1);
  expect(streamingAtClick[0]).toBe(DASHBOARD_PRESETS.length);
});
