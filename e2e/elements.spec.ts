import { expect, test } from '@playwright/test';
import { PARALLEL_CALLS } from '../apps/playground/src/pages/tools/tool-scenario';
import { incidentPreset } from '../apps/playground/src/presets/incident';

// The custom elements page: <fieldstream-form> with a <fieldstream-progress> and a
// <fieldstream-status> taking its store, over one response on the scripted model, and the
// tool-calls scenario's parallel calls as cards of <fieldstream-field>s, in Chromium.

const data = incidentPreset.data as Record<string, unknown>;

test('the elements live form fills field by field and the progress panel reaches done', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('nav-elements').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Custom elements' })).toBeVisible();
  const form = page.getByTestId('elements-answer').locator('.fs-live-form');
  // Before a response: the idle layout, every field pending.
  await expect(form.locator('.fs-field[data-path="status_summary"]')).toHaveAttribute('data-phase', 'pending');
  await page.getByTestId('elements-start').click();
  // Mid-stream: the first field is written while a later one is still pending.
  await page.waitForFunction(() => {
    const field = (path: string) =>
      document.querySelector(`[data-testid="elements-answer"] .fs-field[data-path="${path}"]`);
    return (
      (field('status_summary')?.textContent ?? '').includes('Checkout API') &&
      field('customer_reply')?.getAttribute('data-phase') === 'pending'
    );
  });
  const progress = page.getByTestId('elements-progress');
  await expect(progress.locator('.fs-progress-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('elements-status').locator('.fs-progress-status')).toHaveText('done');
  await expect(form.locator('.fs-field[data-path="status_summary"]')).toHaveAttribute('data-reconciled', 'confirmed');
  await expect(form.locator('.fs-field[data-path="customer_reply"] .fs-field-text')).toHaveText(
    String(data.customer_reply),
  );
  await expect(form.locator('.fs-list li')).toHaveCount(
    (data.affected_services as string[]).length + (data.next_steps as string[]).length,
  );
  await expect(progress.locator('.fs-progress-row[data-path="eta_minutes"]')).toHaveAttribute(
    'data-phase',
    'confirmed',
  );
  await expect(form.getByRole('status')).toHaveText('Answer complete.');
});

test('the elements page stops a running answer', async ({ page }) => {
  await page.goto('/#/elements');
  await page.getByTestId('elements-start').click();
  const status = page.getByTestId('elements-status').locator('.fs-progress-status');
  await expect(status).toHaveText('streaming');
  await page.getByTestId('elements-abort').click();
  await expect(status).toHaveText('aborted');
  await expect(page.getByTestId('elements-answer').getByRole('status').first()).toHaveText('Answer stopped.');
});

test('the elements page shows two parallel tool calls as cards of live fields', async ({ page }) => {
  await page.goto('/#/elements');
  await page.getByTestId('elements-tools-start').click();
  const cards = page.getByTestId('elements-tool-card');
  // The built-in model's first call can take seconds to open on a loaded machine.
  await expect(cards).toHaveCount(PARALLEL_CALLS.length, { timeout: 15_000 });
  await expect(cards.nth(1)).toHaveAttribute('data-complete', 'true', { timeout: 15_000 });
  await expect(cards.nth(0)).toHaveAttribute('data-complete', 'true');
  await expect(cards.locator('h4')).toHaveText(PARALLEL_CALLS.map((call) => call.name));
  await expect(cards.nth(0).locator('.fs-field[data-path="$tools[0].arguments.limit"] .fs-field-text')).toHaveText('5');
  await expect(cards.nth(1).locator('.fs-field[data-path="$tools[1].arguments.priority"] .fs-field-text')).toHaveText(
    'high',
  );
});
