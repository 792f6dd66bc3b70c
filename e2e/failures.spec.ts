import { expect, type Page, test } from '@playwright/test';

// A host whose model endpoint answers 501 (a static host asked to POST): nothing is retried, and
// every page says what failed — the error's class, code and message — instead of "done".
async function answer501(page: Page): Promise<string[]> {
  const requests: string[] = [];
  await page.route('**/api/chat/completions', async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ status: 501, contentType: 'text/plain', body: 'Unsupported method (POST)' });
  });
  return requests;
}

test('live form: a 501 is not retried and the error shows its code', async ({ page }) => {
  const requests = await answer501(page);
  await page.goto('/#/live?retries=2');
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'error');
  const message = page.getByTestId('error-message');
  await expect(message).toHaveAttribute('data-code', 'HTTP_501');
  await expect(message).toContainText(/^TransportError: HTTP 501 .* \(code HTTP_501\)$/);
  await expect(page.getByTestId('attempt-counter')).toHaveText('attempt 1');
  expect(requests).toHaveLength(1);
});

test('dashboard: each tile shows the error message and code, not only "error"', async ({ page }) => {
  const requests = await answer501(page);
  await page.goto('/#/dashboard');
  await page.getByTestId('start-all').click();
  const tiles = page.locator('article.tile');
  await expect(tiles).toHaveCount(6);
  for (const tile of await tiles.all()) {
    await expect(tile).toHaveAttribute('data-status', 'error');
    await expect(tile.getByTestId('tile-error')).toHaveAttribute('data-code', 'HTTP_501');
    await expect(tile.getByTestId('tile-error')).toContainText('TransportError: HTTP 501');
  }
  expect(requests).toHaveLength(6);
});

test('answer flow: failed requests make the run an error, never done', async ({ page }) => {
  await answer501(page);
  await page.goto('/#/answer-flow');
  await page.getByTestId('flow-start').click();
  const run = page.getByTestId('flow-run');
  await expect(run).toHaveAttribute('data-phase', 'error');
  await expect(page.getByTestId('flow-error')).toHaveAttribute('data-code', 'HTTP_501');
  await expect(page.getByTestId('flow-error')).toContainText('TransportError: HTTP 501');
  await expect(page.getByTestId('flow-failures').locator('li').first()).toHaveAttribute('data-code', 'HTTP_501');
});

test('contract page: the error shows its code', async ({ page }) => {
  await answer501(page);
  await page.goto('/#/contract');
  await page.getByTestId('contract-start').click();
  await expect(page.getByTestId('contract-run')).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('contract-error')).toHaveAttribute('data-code', 'HTTP_501');
});
