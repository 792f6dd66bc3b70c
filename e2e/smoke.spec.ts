import { expect, test } from '@playwright/test';

test('the home page links to every page, and each page renders', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Fieldstream playground' })).toBeVisible();
  const pages = [
    { link: 'home-live', heading: 'Live form', hash: '#/live' },
    { link: 'home-progress', heading: 'Progress panel', hash: '#/progress' },
    { link: 'home-dashboard', heading: 'Dashboard', hash: '#/dashboard' },
    { link: 'home-timeline', heading: 'Event timeline', hash: '#/timeline' },
  ];
  for (const { link, heading, hash } of pages) {
    await page.getByTestId('nav-home').click();
    await page.getByTestId(link).click();
    await expect(page).toHaveURL(new RegExp(`${hash.replace('/', '\\/')}`));
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
