import { expect, type Locator, type Page } from '@playwright/test';
import type { ConsumerApp } from './consumer-app';

/** The scripted answer every app streams (shared/src/answer.json). */
export type IncidentAnswer = { status_summary: string; risk_flags: string[] };

function incidentAnswer(app: ConsumerApp): IncidentAnswer {
  return JSON.parse(app.read('src/answer.json')) as IncidentAnswer;
}

const SUMMARY_KEY = '"status_summary":"';

/** The summary on screen after `events` events of 8 characters: what of its string had arrived. */
function summaryAfter(answerText: string, events: number): string {
  const arrived = answerText.slice(0, events * 8);
  const start = arrived.indexOf(SUMMARY_KEY);
  if (start === -1) return '';
  const value = arrived.slice(start + SUMMARY_KEY.length);
  const end = value.indexOf('"');
  return end === -1 ? value : value.slice(0, end);
}

/**
 * The summary's row in a progress panel after `event` of `events`: pending until its string
 * opens, streaming until it closes, then complete; confirmed by the final data after the last.
 */
function summaryPhaseAfter(answerText: string, event: number, events: number): string {
  if (event === events) return 'confirmed';
  const arrived = answerText.slice(0, event * 8);
  const start = arrived.indexOf(SUMMARY_KEY);
  if (start === -1) return 'pending';
  return arrived.indexOf('"', start + SUMMARY_KEY.length) === -1 ? 'streaming' : 'complete';
}

/**
 * Opens the app at `url` and steps the scripted model one event at a time: after each, `summary`
 * shows exactly the part of the summary that had arrived, `status` reads `streaming` and
 * `summaryRow` (when the app has a progress panel) the summary's phase; at the end, `done` and the
 * whole summary.
 */
async function expectEachScriptedEvent(
  page: Page,
  url: string,
  answer: IncidentAnswer,
  screen: { status: Locator; summary: Locator; summaryRow: Locator | undefined },
): Promise<void> {
  const answerText = JSON.stringify(answer);
  const events = Math.ceil(answerText.length / 8);
  // The scripted model waits a minute of page time before each event: with the clock paused, each
  // `runFor(60_000)` delivers exactly one event, so every frame is known in advance.
  await page.clock.install({ time: 0 });
  await page.goto(url);
  await page.clock.pauseAt(30_000);
  let partialFrames = 0;
  for (let event = 1; event <= events; event++) {
    await page.clock.runFor(60_000);
    const expected = summaryAfter(answerText, event);
    await expect(screen.summary).toHaveText(expected);
    if (screen.summaryRow !== undefined) {
      await expect(screen.summaryRow).toHaveAttribute('data-phase', summaryPhaseAfter(answerText, event, events));
    }
    if (event < events) await expect(screen.status).toHaveText('streaming');
    if (expected !== '' && expected !== answer.status_summary) partialFrames += 1;
  }
  expect(partialFrames).toBeGreaterThan(2);
  await expect(screen.status).toHaveText('done');
  await expect(screen.summary).toHaveText(answer.status_summary);
}

/**
 * Builds the app (`vite build`), serves it on `port` and steps through the answer in Chromium
 * (`expectEachScriptedEvent` on the `status` and `summary` test ids, and with `progressPanel` on the
 * summary's row of the incident's FieldProgress). Returns the answer, and the page's errors as
 * they are collected: the caller checks them once its own checks are done.
 */
export async function expectBuiltAppStreams(
  page: Page,
  app: ConsumerApp,
  port: number,
  { progressPanel }: { progressPanel: boolean },
): Promise<{ answer: IncidentAnswer; errors: string[] }> {
  const build = app.run('vite', ['build']);
  expect(build.status, build.output).toBe(0);
  const url = await app.serve(port);

  const answer = incidentAnswer(app);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await expectEachScriptedEvent(page, url, answer, {
    status: page.getByTestId('status'),
    summary: page.getByTestId('summary'),
    summaryRow: progressPanel ? page.locator('.fs-progress-row[data-path="status_summary"]') : undefined,
  });
  return { answer, errors };
}

/**
 * After the answer: the live form and the progress panel (React's markup, whichever binding drew
 * them) read `done`, the form's summary field holds the whole summary, and every row its final phase.
 */
export async function expectFinishedPanels(page: Page, answer: IncidentAnswer): Promise<void> {
  await expect(page.locator('.fs-live-form')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('.fs-live-form .fs-field[data-path="status_summary"] .fs-field-text')).toHaveText(
    answer.status_summary,
  );
  await expect(page.locator('.fs-progress > .fs-progress-status')).toHaveText('done');
  await expect(page.locator('.fs-progress-row')).toHaveText([
    'status_summary confirmed',
    'risk_flags confirmed',
    ...answer.risk_flags.map((_, index) => `risk_flags[${index}] confirmed`),
  ]);
}
