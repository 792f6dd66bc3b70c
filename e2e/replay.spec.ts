// docs/guides/debugging-and-testing.md cites this test: a recorded run (its connection dropped once)
// replayed step by step in the playground, each step showing exactly what the run showed then.
import { expect, test } from '@playwright/test';

test('a recorded run, step by step: the first attempt drops, the retry fills the form', async ({ page }) => {
  await page.goto('/#/replay');
  const step = page.getByTestId('replay-step');
  const status = page.getByTestId('status-text');
  const field = (path: string) =>
    page.getByTestId('replay-live-form').locator(`.fs-field[data-path="${path}"] .fs-field-text`);
  await expect(page.getByTestId('replay-position')).toHaveText('message 0 of 23');

  await step.click(); // the first attempt starts
  await expect(status).toHaveText('streaming');
  for (let message = 2; message <= 6; message++) await step.click();
  await expect(field('status_summary')).toHaveText('EU card payments degraded');

  await step.click();
  await step.click(); // the connection drops: the answer is retried
  await expect(status).toHaveText('retrying');
  await expect(page.getByTestId('retry-status')).toHaveAttribute('data-reason', 'request_failed');

  while (await step.isEnabled()) await step.click();
  await expect(page.getByTestId('replay-position')).toHaveText('message 23 of 23');
  await expect(status).toHaveText('done');
  await expect(field('customer_reply')).toHaveText('We are on it; payments retry on their own.');
  await expect(page.getByTestId('replay-message')).toHaveCount(23);
});
