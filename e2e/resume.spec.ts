import { expect, test } from '@playwright/test';
import { RESUMABLE_ROUTE, RESUMABLE_STATS_ROUTE } from '../apps/playground/src/pages/resume/resume-routes';
import { TICKET_ANSWER } from '../apps/playground/src/pages/server-stream/ticket-schema';
import { expectBoxBesideLabel } from './support/layout';
import { expectStatus, finalData } from './support/playground';

// The resume page: a resumable answer (createResumableAnswers on the playground server) that the
// browser resumes after a dropped connection and attaches to after a reload. One generation each.

// One after the other: each counts the generations the server started meanwhile.
test.describe.configure({ mode: 'serial' });

async function startedCount(page: import('@playwright/test').Page): Promise<number> {
  const response = await page.request.get(RESUMABLE_STATS_ROUTE);
  return ((await response.json()) as { started: number }).started;
}

test('a connection dropped mid-answer is resumed with Last-Event-ID: the gap shows, the data is whole', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === RESUMABLE_ROUTE)
      requests.push(`${request.method()} ${request.headers()['last-event-id'] === undefined ? '-' : 'last-event-id'}`);
  });
  await page.goto('/#/resume');
  const before = await startedCount(page);
  await expect(page.getByTestId('resume-drop-toggle')).toBeChecked();
  await page.getByTestId('resume-start').click();
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(TICKET_ANSWER);
  expect(Number(await page.getByTestId('resume-gaps').getAttribute('data-gaps'))).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('resume-connection')).toHaveAttribute('data-reconnecting', 'no');
  expect(requests.slice(0, 2)).toEqual(['POST -', 'GET last-event-id']);
  expect((await startedCount(page)) - before).toBe(1);
});

test('a reload mid-answer attaches to the running answer by its ticket, without a second generation', async ({
  page,
}) => {
  await page.goto('/#/resume');
  await page.getByTestId('resume-drop-toggle').uncheck();
  const before = await startedCount(page);
  await page.getByTestId('resume-start').click();
  // Part of the ticket is on screen, the answer is still streaming: reload now.
  await expect(page.getByTestId('resume-live-form')).toContainText(TICKET_ANSWER.title.slice(0, 10));
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'streaming');
  await page.reload();
  await expect(page.getByTestId('resume-attached')).toBeVisible();
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(TICKET_ANSWER);
  expect((await startedCount(page)) - before).toBe(1);
  // The finished answer's ticket is dropped: another reload shows an empty page, not a replay.
  await page.reload();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
});

test('Stop on a resumable answer aborts its generation on the server (the playground allows aborts)', async ({
  page,
}) => {
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(new URL(request.url()).pathname);
  });
  await page.goto('/#/resume');
  await page.getByTestId('resume-drop-toggle').uncheck();
  await page.getByTestId('resume-start').click();
  await expect(page.getByTestId('resume-live-form')).toContainText(TICKET_ANSWER.title.slice(0, 10));
  await page.getByTestId('resume-abort').click();
  await expectStatus(page, 'aborted');
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(RESUMABLE_STATS_ROUTE)).json()) as { latestStatus: string }).latestStatus,
    )
    .toBe('aborted');
  expect(deletes).toEqual([RESUMABLE_ROUTE]);
});

test('the checkbox sits beside its label, on one line', async ({ page }) => {
  await page.goto('/#/resume');
  await expectBoxBesideLabel(page.getByTestId('resume-drop-toggle'));
});
