import { expect, type Locator, test } from '@playwright/test';
import { FIRST_ANSWER_LENGTH } from '../apps/playground/src/pages/early/early-answers';

// The early-validation page: one scripted model, run twice side by side. Its first answer breaks
// the email's rule in its first field. With early validation (left) the attempt stops when the
// email closes and the retry starts at once; without it (right) the whole first answer streams
// first. Both end with the retry's valid answer; the page counts the characters saved.

const EXPECTED = { email: 'ada@example.com', plan: 'team', welcome: 'Welcome, Ada!' };

async function streamedBefore(run: Locator, name: string): Promise<number> {
  const counter = run.getByTestId(`early-${name}-streamed`);
  await expect(counter).not.toHaveAttribute('data-count', '');
  return Number(await counter.getAttribute('data-count'));
}

test('a field rejected as it closes stops the attempt; the retry starts long before the late run', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.getByTestId('nav-early').click();
  await expect(page).toHaveURL(/#\/early$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Early validation' })).toBeVisible();
  await page.getByTestId('early-start').click();

  const early = page.getByTestId('early-run-early');
  const late = page.getByTestId('early-run-late');
  // While the early run retries, its store shows the rejected field (kept on the page once seen) and
  // the retry's reason and path.
  await expect(early.getByTestId('early-early-email')).toHaveAttribute('data-last-rejection', 'Invalid email address');
  await expect(early.getByTestId('early-early-retry')).toHaveAttribute('data-reason', 'field_rejected');
  await expect(early.getByTestId('early-early-retry')).toHaveAttribute('data-path', 'email');
  await expect(early.getByTestId('early-early-retry')).toHaveText(
    'Retry: field_rejected at email: Invalid email address',
  );

  const earlyCount = await streamedBefore(early, 'early');
  const lateCount = await streamedBefore(late, 'late');
  // The early run stopped a few chunks after the email's end (the checks load beside the first
  // request and judge the chunks held meanwhile); the late one streamed it all.
  expect(earlyCount).toBeGreaterThanOrEqual('{"email":"ada at example dot com"'.length);
  expect(earlyCount).toBeLessThan(FIRST_ANSWER_LENGTH / 10);
  expect(lateCount).toBe(FIRST_ANSWER_LENGTH);
  await expect(page.getByTestId('early-saved')).toContainText(`${lateCount - earlyCount}`);
  // At the end, the whole zod schema rejects the answer (its issue names the email).
  await expect(late.getByTestId('early-late-retry')).toHaveAttribute('data-reason', 'validation_failed');
  await expect(late.getByTestId('early-late-retry')).toHaveText(
    'Retry: validation_failed on the whole answer: email: Invalid email address',
  );

  for (const run of [early, late]) {
    await expect(run.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const json = await run.getByTestId('final-data').textContent();
    expect(JSON.parse(json ?? 'null')).toEqual(EXPECTED);
  }
  // The rejected mark went away once the retry rewrote the field.
  await expect(early.getByTestId('early-early-email')).toHaveAttribute('data-rejected', '');
  expect(errors).toEqual([]);
});
