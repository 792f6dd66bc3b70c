import { expect, type Page } from '@playwright/test';

/** A playground page and how to run it to the end (undefined: the page has nothing to run). */
export type PageRun = { route: string; name: string; run?: (page: Page) => Promise<void> };

const FAST = 'rate=6000&chunk=12';

/** Clicks `start` and waits until `statusOf` carries a terminal `attribute` value. */
function runTo(start: string, statusOf: string, attribute: string, ending: RegExp) {
  return async (page: Page): Promise<void> => {
    await page.getByTestId(start).click();
    await expect(page.getByTestId(statusOf)).toHaveAttribute(attribute, ending);
  };
}

/** Every page of the playground, each run once with fast pacing. */
export const PAGE_RUNS: PageRun[] = [
  { route: '/', name: 'home' },
  { route: `/live?${FAST}`, name: 'live', run: runTo('start-button', 'run-status', 'data-status', /^done$/) },
  { route: `/progress?${FAST}`, name: 'progress', run: runTo('start-button', 'run-status', 'data-status', /^done$/) },
  {
    route: `/dashboard?${FAST}`,
    name: 'dashboard',
    run: async (page) => {
      await page.getByTestId('start-all').click();
      const tiles = page.locator('article.tile');
      await expect(tiles).toHaveCount(6);
      for (const tile of await tiles.all()) {
        await expect(tile).toHaveAttribute('data-status', 'done');
      }
    },
  },
  { route: `/timeline?${FAST}`, name: 'timeline', run: runTo('start-button', 'run-status', 'data-status', /^done$/) },
  {
    route: `/contract?${FAST}`,
    name: 'contract',
    run: runTo('contract-start', 'contract-run', 'data-status', /^done$/),
  },
  { route: `/answer-flow?${FAST}`, name: 'answer-flow', run: runTo('flow-start', 'flow-run', 'data-phase', /^done$/) },
  { route: `/providers?${FAST}`, name: 'providers', run: runTo('start-button', 'run-status', 'data-status', /^done$/) },
  { route: '/server', name: 'server', run: runTo('server-start', 'run-status', 'data-status', /^done$/) },
  { route: '/worker', name: 'worker', run: runTo('worker-start', 'run-status', 'data-status', /^done$/) },
  { route: '/zod', name: 'zod', run: runTo('zod-start', 'run-status', 'data-status', /^done$/) },
  { route: '/replay', name: 'replay', run: runTo('replay-play', 'run-status', 'data-status', /^done$/) },
  {
    route: '/tools',
    name: 'tools',
    run: async (page) => {
      await runTo('tools-output-start', 'tools-output-status', 'data-status', /^done$/)(page);
      await runTo('tools-calls-start', 'tools-calls-status', 'data-status', /^done$/)(page);
    },
  },
];
