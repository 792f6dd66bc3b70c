import { expect, test } from '@playwright/test';
import { expectStatus, openScenario } from './support/playground';

// A finished response ends its request as the server ended it: Chromium logs no cancelled request
// (`net::ERR_ABORTED`) when a run reaches `done`, for the model stream and for a patch stream.

for (const run of [
  {
    name: 'the model stream of a page run',
    open: (page: import('@playwright/test').Page) => openScenario(page, '/progress', {}),
    start: 'start-button',
  },
  {
    name: 'a patch stream from the server',
    open: (page: import('@playwright/test').Page) => page.goto('/#/server'),
    start: 'server-start',
  },
]) {
  test(`${run.name}: no request is cancelled when the run is done (five runs)`, async ({ page }) => {
    const failed: string[] = [];
    const finished: string[] = [];
    page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText}`));
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) finished.push(new URL(request.url()).pathname);
    });
    await run.open(page);
    for (let round = 0; round < 5; round++) {
      await page.getByTestId(run.start).click();
      await expectStatus(page, 'done');
    }
    // Every request has ended one way or the other before we look.
    await expect.poll(() => finished.length + failed.length).toBeGreaterThanOrEqual(5);
    expect(failed).toEqual([]);
  });
}
