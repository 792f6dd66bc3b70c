import { expect, test } from '@playwright/test';
import { reportAnswer } from '../apps/playground/src/pages/worker/report-schema';
import { expectBoxBesideLabel } from './support/layout';
import { expectStatus, finalData } from './support/playground';

// The worker page: createWorkerResponse parses in a dedicated Worker (or on the main thread when the
// toggle is off); the validator is a function, so it runs on the page and its rejection makes the
// worker retry.

const expected = JSON.parse(reportAnswer(false)) as Record<string, string>;

test('in a Worker: fields stream into the page, the page validator forces one retry, data arrives', async ({
  page,
}) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/#/worker');
  await expect(page.getByTestId('worker-toggle')).toBeChecked();
  await page.getByTestId('worker-start').click();
  await expect(page.getByTestId('worker-where')).toHaveAttribute('data-where', 'worker');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') === 'streaming' &&
      (document.querySelector('[data-testid="worker-live-form"]')?.textContent ?? '').includes('The worker parses'),
  );
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(expected);
  await expect(page.getByTestId('retry-counter')).toHaveText('1 retry');
  expect(workers).toHaveLength(1);
  expect(workers[0]).toContain('playground-worker');
  // A second run reuses the same worker.
  await page.getByTestId('worker-start').click();
  await expectStatus(page, 'done');
  expect(workers).toHaveLength(1);
});

test('with the toggle off the same response runs on the main thread, with no Worker', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/#/worker');
  await page.getByTestId('worker-toggle').uncheck();
  await page.getByTestId('worker-validator-toggle').uncheck();
  await page.getByTestId('worker-start').click();
  await expect(page.getByTestId('worker-where')).toHaveAttribute('data-where', 'main-thread');
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(expected);
  await expect(page.getByTestId('attempt-counter')).toHaveText('attempt 1');
  expect(workers).toEqual([]);
});

test('Stop aborts the response in the worker and keeps what streamed', async ({ page }) => {
  await page.goto('/#/worker');
  await page.getByTestId('worker-validator-toggle').uncheck();
  await page.getByTestId('worker-start').click();
  await page.waitForFunction(() =>
    (document.querySelector('[data-testid="worker-live-form"]')?.textContent ?? '').includes('The worker parses'),
  );
  await page.getByTestId('worker-abort').click();
  await expectStatus(page, 'aborted');
  await expect(page.getByTestId('worker-live-form')).toContainText('The worker parses');
});

test('the checkbox sits beside its label, on one line', async ({ page }) => {
  await page.goto('/#/worker');
  await expectBoxBesideLabel(page.getByTestId('worker-toggle'));
  await expectBoxBesideLabel(page.getByTestId('worker-validator-toggle'));
});
