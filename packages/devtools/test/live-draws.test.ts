import { createResponse } from '@fieldstream/core';
import { scriptedModel } from '@fieldstream/core/testing';
import { expect, it, vi } from 'vitest';
import { LIVE_DRAW_MS } from '../src/fieldstream-devtools';
import { fakeClock, mountPanel, shadowOf, texts, useFakeClock } from './support/panel';

useFakeClock();

const FRAME_MS = 16;

it('draws a live run’s news at most every LIVE_DRAW_MS and its end in the next frame, in place, ending as the whole recording draws', async () => {
  const panel = mountPanel();
  const answer = JSON.stringify({
    title: 'Printer jams again',
    body: 'The tray on floor two jams on every long print job',
    priority: 2,
  });
  const model = scriptedModel({ answers: [answer], chunkSize: 2, delayMs: 20 });
  const run = panel.attach(createResponse({ model, input: 'x', format: 'json' }), fakeClock);
  let time = 0;
  let endedAt: number | undefined;
  void run.recorded.then(() => {
    endedAt = time;
  });
  const shownRows = (): string => texts(panel, '.fsd-entry, .fsd-timeline tbody tr').join('\n');
  const drawnAt: number[] = [];
  let shown = shownRows();
  let firstFieldRow: Element | null = null;
  while (time < 2_000) {
    await vi.advanceTimersByTimeAsync(FRAME_MS);
    time += FRAME_MS;
    firstFieldRow ??= shadowOf(panel).querySelector('.fsd-timeline tbody tr');
    if (shownRows() === shown) continue;
    shown = shownRows();
    drawnAt.push(time);
  }
  if (endedAt === undefined) throw new Error('the run did not end');
  const lastDraw = drawnAt.at(-1) ?? 0;
  const liveDraws = drawnAt.filter((at) => at < lastDraw);
  const closeDraws = liveDraws.slice(1).filter((at, index) => at - (liveDraws[index] ?? 0) < LIVE_DRAW_MS);
  expect([liveDraws.length > 2, closeDraws, lastDraw - endedAt <= FRAME_MS]).toEqual([true, [], true]);
  // The field rows drawn first are the ones on screen at the end: updated, never rebuilt.
  expect(shadowOf(panel).querySelector('.fsd-timeline tbody tr')).toBe(firstFieldRow);
  const liveEnd = shown;
  panel.open(await run.recorded, 'whole');
  await vi.advanceTimersByTimeAsync(FRAME_MS);
  expect(texts(panel, '.fsd-runs option')).toEqual(['run 1 (page)', 'whole']);
  expect(shownRows()).toBe(liveEnd);
});
