import { expect, test } from '@playwright/test';
import { expectStatus, openScenario } from './support/playground';

test("a mounted form applies the response's chunks once per frame: far fewer store updates than chunks", async ({
  page,
}) => {
  // ~1 300 chunks a second: about twenty arrive in each frame.
  await openScenario(page, '/live', { preset: 'incident', charsPerSecond: 4000, chunkSize: 3 });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done', 30_000);
  const counts = page.getByTestId('store-updates');
  await expect(counts).toHaveAttribute('data-status', 'done');
  const chunks = Number(await counts.getAttribute('data-chunks'));
  const updates = Number(await counts.getAttribute('data-updates'));
  expect(chunks).toBeGreaterThan(100);
  expect(updates).toBeGreaterThan(0);
  expect(updates * 2).toBeLessThan(chunks);
  await expect(counts).toHaveText(`${chunks} chunks applied in ${updates} store updates`);
});

test('the counts grow while the fields fill, not only when the run ends', async ({ page }) => {
  await openScenario(page, '/live', { preset: 'incident', charsPerSecond: 300, chunkSize: 3 });
  await page.getByTestId('start-button').click();
  const counts = page.getByTestId('store-updates');
  await expect(counts).toHaveAttribute('data-status', 'streaming');
  await expect(counts).toHaveText(/^[1-9]\d* chunks applied in [1-9]\d* store updates$/);
  // Seen mid-answer: the run is still streaming, and a field has text already.
  await expect(counts).toHaveAttribute('data-status', 'streaming');
  await expect(page.locator('.fs-field-text').first()).not.toBeEmpty();
  await page.getByTestId('abort-button').click();
});
