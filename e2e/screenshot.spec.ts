import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openScenario } from './support/playground';

// The README's screenshot: the live form mid-stream. Written to docs/playground.png only when
// FIELDSTREAM_UPDATE_SCREENSHOT=1 (so CI never rewrites a tracked file); otherwise to test output.
const DOCS_SCREENSHOT = fileURLToPath(new URL('../docs/playground.png', import.meta.url));

test('screenshot of the live form mid-stream', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await openScenario(page, '/live', { preset: 'netlist', format: 'hybrid', charsPerSecond: 500, chunkSize: 3 });
  await page.getByTestId('start-button').click();
  // Mid-stream: the notes are done, the component list is growing.
  await expect(page.locator('.fs-field[data-path="components[2].value"] .fs-field-text')).toHaveText('1uF');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'streaming');
  // The e2e server has a scripted upstream for the live-proxy tests; a fresh `npm start` shows no
  // real-model toggle, so neither does the picture of it.
  await page
    .getByTestId('live-toggle')
    .locator('xpath=..')
    .evaluate((label) => {
      (label as HTMLElement).style.display = 'none';
    });
  const path =
    process.env.FIELDSTREAM_UPDATE_SCREENSHOT === '1' ? DOCS_SCREENSHOT : testInfo.outputPath('playground.png');
  await page.screenshot({ path });
  expect(statSync(path).size).toBeGreaterThan(20_000);
});
