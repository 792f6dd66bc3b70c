import { expect, test } from '@playwright/test';

test('the home page has a card for every page in the nav, and each card opens its page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Fieldstream playground' })).toBeVisible();
  const navHrefs = await page.locator('nav a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const cards = page.locator('.cards a.card');
  const cardHrefs = await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(navHrefs).toEqual(['#/', ...cardHrefs]);
  expect(cardHrefs).toHaveLength(17);
  const titles = await cards.locator('h2').allTextContents();
  for (const [index, title] of titles.entries()) {
    await page.getByTestId('nav-home').click();
    await cards.nth(index).click();
    await expect(page).toHaveURL(new RegExp(`${(cardHrefs[index] ?? '').replace('/', '\\/')}(\\?|$)`));
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
