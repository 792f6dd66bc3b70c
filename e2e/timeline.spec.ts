import { expect, test } from '@playwright/test';
import { presetById } from '../apps/playground/src/presets/index';
import { expectStatus, finalData, openScenario } from './support/playground';

const netlist = presetById('netlist');
const answerText = netlist.recorded.text.replace(/^<think>[\s\S]*?<\/think>\s*/, '');

test('the timeline shows every patch beside the raw text, the reasoning, and the reconciliation', async ({ page }) => {
  await openScenario(page, '/timeline', { preset: 'netlist', format: 'hybrid', charsPerSecond: 6000, chunkSize: 5 });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(netlist.data);

  await expect(page.getByTestId('raw-text')).toHaveText(answerText, { useInnerText: false });
  await expect(page.getByTestId('reasoning')).toHaveText(/^Six parts: regulator, MCU/);
  const count = Number(await page.getByTestId('event-count').textContent());
  expect(count).toBeGreaterThan(100);

  // A nested path inside the hybrid JSON section, completed by its closing token.
  const pinNet = page.locator('[data-testid="event-row"][data-path="components[1].pins[2].net"][data-event="done"]');
  await expect(pinNet).toHaveCount(1);
  await expect(pinNet).toContainText('observed_boundary');
  await expect(pinNet).toContainText('"I2C_SCL"');
  // Selecting it marks the raw text that had arrived when it completed: the chunk holding its closing quote.
  await pinNet.click();
  const marked = (await page.getByTestId('raw-text').locator('mark').textContent()) ?? '';
  expect(answerText.startsWith(marked)).toBe(true);
  const closer = '"pin":18,"net":"I2C_SCL"';
  expect(marked.length - (marked.lastIndexOf(closer) + closer.length)).toBeLessThan(5);
  expect(marked.lastIndexOf(closer)).toBe(answerText.indexOf(closer));

  // Text deltas are shown as JSON strings, so whitespace and escapes are visible.
  await page.getByTestId('event-filter').fill('design_notes');
  const deltas = await page.locator('[data-testid="event-row"][data-event="delta"] td:nth-child(5)').allTextContents();
  expect(deltas.map((delta) => JSON.parse(delta) as string).join('')).toBe(
    (netlist.data as { design_notes: string }).design_notes,
  );

  const rows = page.getByTestId('diff-row');
  expect(await rows.count()).toBeGreaterThan(40);
  await expect(page.locator('[data-testid="diff-row"]:not([data-reconciled="confirmed"])')).toHaveCount(0);
  await expect(page.getByTestId('diff-summary')).toHaveText(`${await rows.count()} confirmed · 0 changed · 0 removed`);
});

test('the reconciliation table fits its panel: all four columns in view, long values wrapped', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openScenario(page, '/timeline', { preset: 'incident', charsPerSecond: 8000, chunkSize: 8 });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  const region = page.getByTestId('diff-scroll');
  const sizes = await region.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
  const box = await region.boundingBox();
  const headers = region.locator('th');
  await expect(headers).toHaveText(['path', 'settled', 'streamed', 'final']);
  const last = await headers.last().boundingBox();
  expect((last?.x ?? Number.POSITIVE_INFINITY) + (last?.width ?? 0)).toBeLessThanOrEqual(
    (box?.x ?? 0) + (box?.width ?? 0),
  );
  // The root's whole answer wraps onto more than one line inside its cell.
  const root = region.locator('[data-testid="diff-row"][data-path=""] td.value-cell code').last();
  expect((await root.boundingBox())?.height ?? 0).toBeGreaterThan(20);
});

test('a retried response shows both attempts, their patches and why the retry happened', async ({ page }) => {
  await openScenario(page, '/timeline', {
    preset: 'lesson',
    format: 'xml_field',
    faults: ['missing_field'],
    charsPerSecond: 0,
  });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  await expect(page.getByTestId('raw-attempt')).toHaveCount(2);
  await expect(page.getByTestId('raw-attempt').nth(1)).toContainText('Attempt 2 · xml_field · after ensure_failed');
  await expect(page.locator('[data-testid="event-row"][data-attempt="0"]').first()).toBeVisible();
  await expect(page.locator('[data-testid="event-row"][data-attempt="1"]').first()).toBeVisible();
  // The first attempt never wrote the title; the second did.
  await page.getByTestId('event-filter').fill('title');
  await expect(page.locator('[data-testid="event-row"][data-attempt="0"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="event-row"][data-attempt="1"][data-event="done"]')).toHaveCount(1);
  await expect(page.getByTestId('retry-log')).toContainText('model.retrying attempt 2 · ensure_failed');
});
