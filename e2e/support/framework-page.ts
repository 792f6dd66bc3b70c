import { expect, test } from '@playwright/test';
import { PARALLEL_CALLS } from '../../apps/playground/src/pages/tools/tool-scenario';
import { incidentPreset } from '../../apps/playground/src/presets/incident';

/**
 * A framework page of the playground (issue 47) whose app marks its parts with `<prefix>-…` test
 * ids: `-live-form` and `-progress` panels over one response on the scripted model (started by
 * `-start`, its status in `-status`), and the tool-calls scenario's parallel calls as
 * `-tool-card`s (started by `-tools-start`).
 */
export type FrameworkPage = { path: string; heading: string; prefix: string };

const data = incidentPreset.data as Record<string, unknown>;

/** The framework page's tests: the form fills field by field, the progress panel reaches done, tool call cards show. */
export function frameworkPageTests({ path, heading, prefix }: FrameworkPage): void {
  test(`the ${heading} live form fills field by field and the progress panel reaches done`, async ({ page }) => {
    await page.goto('/');
    await page.getByTestId(`nav-${path}`).click();
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    const form = page.getByTestId(`${prefix}-live-form`);
    await expect(form.locator('.fs-field[data-path="status_summary"]')).toHaveAttribute('data-phase', 'pending');
    await page.getByTestId(`${prefix}-start`).click();
    // Mid-stream: the first field is written while a later one is still pending.
    await page.waitForFunction((formId) => {
      const field = (at: string) => document.querySelector(`[data-testid="${formId}"] .fs-field[data-path="${at}"]`);
      return (
        (field('status_summary')?.textContent ?? '').includes('Checkout API') &&
        field('customer_reply')?.getAttribute('data-phase') === 'pending'
      );
    }, `${prefix}-live-form`);
    const progress = page.getByTestId(`${prefix}-progress`);
    await expect(progress.locator('.fs-progress-status')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId(`${prefix}-status`)).toHaveText('done');
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

  test(`the ${heading} page shows two parallel tool calls as cards`, async ({ page }) => {
    await page.goto(`/#/${path}`);
    await page.getByTestId(`${prefix}-tools-start`).click();
    const cards = page.getByTestId(`${prefix}-tool-card`);
    // The built-in model's first call can take seconds to open on a loaded machine.
    await expect(cards).toHaveCount(PARALLEL_CALLS.length);
    await expect(cards.nth(1)).toHaveAttribute('data-complete', 'true');
    await expect(cards.nth(0)).toHaveAttribute('data-complete', 'true');
    await expect(cards.locator('h4')).toHaveText(PARALLEL_CALLS.map((call) => call.name));
    await expect(cards.nth(0).locator('pre')).toContainText('"limit": 5');
  });
}
