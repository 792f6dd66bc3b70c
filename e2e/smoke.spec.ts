import { expect, test } from '@playwright/test';

test('the playground opens', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Fieldstream playground' })).toBeVisible();
  await expect(page.getByText('Auto format for the incident schema: hybrid')).toBeVisible();
});
