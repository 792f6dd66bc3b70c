import { expect, type Page, test } from '@playwright/test';
import { RESUMABLE_ROUTE, TICKET_STORAGE_KEY } from '../apps/playground/src/pages/resume/resume-routes';
import { TICKET_ANSWER } from '../apps/playground/src/pages/server-stream/ticket-schema';
import { expectStatus, finalData } from './support/playground';

// The Resume page keeps its answer's ticket with useResponse's `resume` option
// (docs/guides/react.md, "Resume after a reload"). A reload mid-answer attaches to the same answer:
// the page sends no second POST, so the server runs one generation, and the data ends the same.

const keptTicket = (page: Page) =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'), TICKET_STORAGE_KEY);

test('a reload mid-answer attaches by the kept ticket: one POST, a GET with the ticket, the same final data', async ({
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
  expect(ticket).toEqual({ id: expect.any(String), token: expect.any(String), abortable: true });

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
