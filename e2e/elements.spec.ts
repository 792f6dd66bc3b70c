import { expect, test } from '@playwright/test';
import { frameworkPageTests } from './support/framework-page';

// The custom elements page: a <fieldstream-form>, a <fieldstream-progress> and a
// <fieldstream-status> over one response on the scripted model, and the tool-calls scenario's
// parallel calls as cards of <fieldstream-field>s, in Chromium.

frameworkPageTests({ path: 'elements', heading: 'Custom elements', prefix: 'elements' });

test('the elements page stops a running answer', async ({ page }) => {
  await page.goto('/#/elements');
  await page.getByTestId('elements-start').click();
  const status = page.getByTestId('elements-status');
  await expect(status).toHaveText('streaming');
  await page.getByTestId('elements-abort').click();
  await expect(status).toHaveText('aborted');
  await expect(page.getByTestId('elements-live-form').getByRole('status')).toHaveText('Answer stopped.');
});

test('the elements tool cards show each argument as a live field on its own path', async ({ page }) => {
  await page.goto('/#/elements');
  await page.getByTestId('elements-tools-start').click();
  const cards = page.getByTestId('elements-tool-card');
  await expect(cards.nth(1)).toHaveAttribute('data-complete', 'true');
  await expect(cards.nth(0).locator('.fs-field[data-path="$tools[0].arguments.limit"] .fs-field-text')).toHaveText('5');
  await expect(cards.nth(1).locator('.fs-field[data-path="$tools[1].arguments.priority"] .fs-field-text')).toHaveText(
    'high',
  );
});
