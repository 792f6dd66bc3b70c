import { expect, test } from '@playwright/test';

// Issue 46: on the early-validation page a field check stops the first attempt and the scripted
// model starts the retry at once, so the store leaves `retrying` within the task that entered it,
// before a frame. The status line, on the hooks' default frame schedule, still renders `retrying`.

test('a retry that starts in the same task as the rejection still renders retrying', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('nav-early').click();
  await expect(page).toHaveURL(/#\/early$/);
  await page.evaluate(() => {
    const shown: Record<string, string[]> = {};
    const sample = (): void => {
      for (const run of ['early', 'late']) {
        const status = document.querySelector<HTMLElement>(
          `[data-testid="early-run-${run}"] [data-testid="run-status"]`,
        )?.dataset.status;
        shown[run] ??= [];
        const seen = shown[run];
        if (status !== undefined && seen.at(-1) !== status) seen.push(status);
      }
    };
    new MutationObserver(sample).observe(document.body, { subtree: true, childList: true, attributes: true });
    (window as unknown as { __statuses: typeof shown }).__statuses = shown;
  });
  await page.getByTestId('early-start').click();
  for (const run of ['early', 'late']) {
    await expect(page.getByTestId(`early-run-${run}`).getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  }
  const statuses = await page.evaluate(
    () => (window as unknown as { __statuses: Record<string, string[]> }).__statuses,
  );
  // `validating` may pass within a frame; `retrying` is always rendered, then the retry streams.
  for (const run of ['early', 'late']) {
    const seen = (statuses[run] ?? []).filter((status) => status !== 'validating');
    expect(seen.slice(seen.indexOf('retrying'))).toEqual(['retrying', 'streaming', 'done']);
  }
});
