import { expect, test } from '@playwright/test';
import type { BehaviourResult } from '../apps/playground/src/behaviour/behaviour-main';

// The core's response behaviour suite (packages/core/test/behaviour/behaviour-cases.ts) against a
// real Worker: behaviour.html runs every case through `createWorkerResponse` with the package's
// default worker script, one after another, and leaves the results in `window.__behaviour`. Node
// runs the same cases in the page, over the wire and in-thread (behaviour.test.ts).

test('every behaviour case gives its expected result in a real Worker', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/behaviour.html');
  // Set once every case has run (bounded by the test's own timeout).
  await page.waitForFunction(() => window.__behaviour !== undefined);
  const results = await page.evaluate(() => window.__behaviour);
  await expect(page.getByTestId('behaviour-status')).toHaveAttribute('data-state', 'done');
  const source = await page.evaluate(() => window.__behaviourSource);

  expect(errors).toEqual([]);
  expect(source).toBe('worker');
  await expect(page.getByTestId('behaviour-source')).toHaveText('worker');
  expect(
    workers.some((url) => url.includes('worker-script')),
    `workers: ${workers.join(', ')}`,
  ).toBe(true);
  expect(results?.length ?? 0).toBeGreaterThan(0);
  await expect(page.locator('[data-testid^="behaviour-case-"]')).toHaveCount(results?.length ?? 0);

  for (const [index, { name, actual, expected }] of (results ?? ([] as BehaviourResult[])).entries()) {
    await test.step(name, async () => {
      expect(actual, name).toEqual(expected);
      await expect(page.getByTestId(`behaviour-case-${index}`), name).toHaveAttribute('data-result', 'pass');
    });
  }
});
