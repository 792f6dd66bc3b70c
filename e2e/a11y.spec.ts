import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PAGE_RUNS } from './support/page-runs';

/** axe-core's serious and critical violations on the page as it is now, as `rule: targets`. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

// Every page after a run (tables, badges, tiles and results on screen): no serious or critical issue.
for (const { route, name, run } of PAGE_RUNS) {
  test(`axe: ${name} after a run has no serious or critical violations`, async ({ page }) => {
    await page.goto(`/#${route}`);
    await run?.(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe: a failed run (error badge, error note, retries) passes too', async ({ page }) => {
  await page.goto('/#/progress?rate=6000&chunk=12&faults=provider_error&retries=0');
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'error');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the live form is aria-busy while it streams and announces the end once, politely', async ({ page }) => {
  await page.goto('/#/live?preset=incident&format=json&rate=800&chunk=3');
  const form = page.locator('.fs-live-form');
  const announcer = form.locator('[role="status"][aria-live="polite"]');
  await expect(form).toHaveAttribute('aria-busy', 'false');
  await page.getByTestId('start-button').click();
  await expect(form).toHaveAttribute('aria-busy', 'true');
  // Mid-stream: fields fill in, the live region says nothing.
  await expect(page.locator('.fs-field[data-path="severity"] .fs-field-text')).toHaveText('SEV2');
  await expect(announcer).toHaveText('');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(form).toHaveAttribute('aria-busy', 'false');
  await expect(announcer).toHaveText('Answer complete.');
});

test('a plain-text answer is aria-busy while it streams and announces its end', async ({ page }) => {
  await page.goto('/#/live?preset=plain-text&format=text&rate=1500&chunk=3');
  const answer = page.getByTestId('text-answer');
  await page.getByTestId('start-button').click();
  await expect(answer).toHaveAttribute('aria-busy', 'true');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(answer).toHaveAttribute('aria-busy', 'false');
  await expect(page.locator('.panel [role="status"][aria-live="polite"]')).toHaveText('Answer complete.');
  await expect(page.locator('.reasoning')).toHaveAttribute('aria-busy', 'false');
});
