import { expect, test } from '@playwright/test';
import { PATCH_STREAM_ROUTE, TICKET_ANSWER } from '../apps/playground/src/pages/server-stream/ticket-schema';
import { expectBoxBesideLabel } from './support/layout';
import { expectStatus, finalData } from './support/playground';

// The server-stream page: the generation (zod schema, refinement, retry) runs on the server and the
// browser reads field patches from one SSE response (toPatchStream → fromPatchStream).

test('a server-side generation reaches the browser as patches, with its retry and validated data', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/'))
      requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto('/#/server');
  await expect(page.getByTestId('server-retry-toggle')).toBeChecked();
  await page.getByTestId('server-start').click();
  // Fields fill in while the server is still generating (both read in the same frame).
  await page.waitForFunction(
    (title) =>
      document.querySelector('[data-testid="run-status"]')?.getAttribute('data-status') === 'streaming' &&
      (document.querySelector('[data-testid="server-live-form"]')?.textContent ?? '').includes(title),
    TICKET_ANSWER.title.slice(0, 12),
  );
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(TICKET_ANSWER);
  // The refinement rejected the first attempt on the server, the moment its field closed (early
  // validation, decision 0022); the retry shows here.
  await expect(page.getByTestId('retry-counter')).toHaveText('1 retry');
  await expect(page.getByTestId('attempt-counter')).toHaveText('attempt 2');
  await expect(page.getByTestId('server-retry-reason')).toHaveText(
    'field_rejected at estimate_hours: split work over 40 hours into several tickets',
  );
  await expect(page.getByTestId('server-live-form')).toContainText(TICKET_ANSWER.steps[3] as string);
  // One request, no model call from the browser; the bytes counter saw the stream.
  expect(requests).toEqual([`POST ${PATCH_STREAM_ROUTE}`]);
  expect(Number(await page.getByTestId('server-bytes').getAttribute('data-bytes'))).toBeGreaterThan(
    JSON.stringify(TICKET_ANSWER).length,
  );
});

test('stopping a server-side generation keeps what streamed and reports aborted', async ({ page }) => {
  await page.goto('/#/server');
  await page.getByTestId('server-retry-toggle').uncheck();
  await page.getByTestId('server-start').click();
  await expect(page.getByTestId('server-live-form')).toContainText(TICKET_ANSWER.title.slice(0, 8));
  await page.getByTestId('server-abort').click();
  await expectStatus(page, 'aborted');
  await expect(page.getByTestId('aborted-note')).toBeVisible();
  await expect(page.getByTestId('server-live-form')).toContainText(TICKET_ANSWER.title.slice(0, 8));
});

test('the checkbox sits beside its label, on one line', async ({ page }) => {
  await page.goto('/#/server');
  await expectBoxBesideLabel(page.getByTestId('server-retry-toggle'));
});
