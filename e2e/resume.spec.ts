import { expect, type Page, test } from '@playwright/test';
import {
  RESUMABLE_ROUTE,
  RESUMABLE_STATS_ROUTE,
  TICKET_STORAGE_KEY,
} from '../apps/playground/src/pages/resume/resume-routes';
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

// useResponse's `resume` option keeps the ticket (docs/guides/react.md, "Resume after a reload").
const keptTicket = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), TICKET_STORAGE_KEY);

test('useResponse keeps the ticket: a reload mid-answer sends one POST, then a GET with the ticket, and the same final data', async ({
  page,
}) => {
  const requests: { method: string; answer?: string; token?: string }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== RESUMABLE_ROUTE) return;
    const headers = request.headers();
    requests.push({
      method: request.method(),
      answer: headers['fieldstream-answer'],
      token: headers['fieldstream-answer-token'],
    });
  });
  await page.goto('/#/resume');
  await page.getByTestId('resume-drop-toggle').uncheck();
  await page.getByTestId('resume-start').click();
  await expect(page.getByTestId('resume-live-form')).toContainText(TICKET_ANSWER.title.slice(0, 10));
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'streaming');
  const ticket = await keptTicket(page);
  expect(ticket).toEqual({
    id: expect.stringMatching(/^[\w-]{22}$/),
    token: expect.stringMatching(/^[\w-]{22}$/),
    abortable: true,
  });

  await page.reload();
  await expect(page.getByTestId('resume-attached')).toBeVisible();
  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(TICKET_ANSWER);
  // One answer started; the reloaded page only attached to it, with its ticket.
  expect(requests).toEqual([
    { method: 'POST', answer: undefined, token: undefined },
    { method: 'GET', answer: ticket.id, token: ticket.token },
  ]);
  // The answer ended: its ticket is gone, and another reload starts nothing.
  expect(await keptTicket(page)).toBeNull();
  await page.reload();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  expect(requests).toHaveLength(2);
});
