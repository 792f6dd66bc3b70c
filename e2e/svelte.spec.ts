import { expect, test } from '@playwright/test';
import { PARALLEL_CALLS } from '../apps/playground/src/pages/tools/tool-scenario';
import { incidentPreset } from '../apps/playground/src/presets/incident';

// The Svelte page: @fieldstream/svelte's LiveForm and FieldProgress over one response on the
// scripted model, and the tool-calls scenario's parallel calls as cards, in Chromium.

const data = incidentPreset.data as Record<string, unknown>;

test('the Svelte live form fills field by field and the progress panel reaches done', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('nav-svelte').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Svelte' })).toBeVisible();
  const form = page.getByTestId('svelte-live-form');
  await expect(form.locator('.fs-field[data-path="status_summary"]')).toHaveAttribute('data-phase', 'pending');
  await page.getByTestId('svelte-start').click();
  // Mid-stream: the first field is written while a later one is still pending.
  await page.waitForFunction(() => {
    const field = (path: string) =>
      document.querySelector(`[data-testid="svelte-live-form"] .fs-field[data-path="${path}"]`);
    return (
      (field('status_summary')?.textContent ?? '').includes('Checkout API') &&
      field('customer_reply')?.getAttribute('data-phase') === 'pending'
    );
  });
  const progress = page.getByTestId('svelte-progress');
  await expect(progress.locator('.fs-progress-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('svelte-status')).toHaveText('done');
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

test('the Svelte page shows two parallel tool calls as cards', async ({ page }) => {
  await page.goto('/#/svelte');
  await page.getByTestId('svelte-tools-start').click();
  const cards = page.getByTestId('svelte-tool-card');
  // The built-in model's first call can take seconds to open on a loaded machine.
  await expect(cards).toHaveCount(PARALLEL_CALLS.length);
  await expect(cards.nth(1)).toHaveAttribute('data-complete', 'true');
  await expect(cards.nth(0)).toHaveAttribute('data-complete', 'true');
  await expect(cards.locator('h4')).toHaveText(PARALLEL_CALLS.map((call) => call.name));
  await expect(cards.nth(0).locator('pre')).toContainText('"limit": 5');
});
