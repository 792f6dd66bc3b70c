import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PAGE_RUNS } from './support/page-runs';
import { expectStatus, openScenario } from './support/playground';

/** The docked panel (the header's toggle), inside its shadow root (Playwright's locators pierce it). */
const dock = (page: Page): Locator => page.locator('.devtools-dock fieldstream-devtools');

/** Pages whose runs the docked panel finds: those made by `createResponse` or a Worker (not read from a patch stream). */
const DISCOVERED = new Set(['live', 'progress', 'timeline', 'providers', 'worker', 'zod']);

test('the panel opens on every page of the home page’s cards and records the runs the page starts', async ({
  page,
}) => {
  // A walk through every page, running six of them: three times the usual time.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  const routes = await page
    .locator('.cards a.card')
    .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').replace(/^#/, '')));
  expect(routes.length).toBeGreaterThan(10);
  await page.getByTestId('devtools-toggle').click();
  await expect(page.getByTestId('devtools-toggle')).toHaveAttribute('aria-pressed', 'true');
  for (const route of routes) {
    // A new document each time: the panel comes back open (the tab remembers) before the page's first response.
    await page.goto(`/#${route}`);
    await expect(dock(page).getByRole('heading', { name: 'Fieldstream devtools' })).toBeVisible();
    const known = PAGE_RUNS.find((entry) => entry.route.split('?')[0] === route);
    if (known?.run === undefined || !DISCOVERED.has(known.name)) continue;
    await page.goto(`/#${known.route}`);
    await known.run(page);
    await expect(dock(page).locator('.fsd-runs option').first()).toBeAttached();
    await expect(dock(page).locator('.fsd-entry[data-kind="final"]').first()).toContainText('final data:');
  }
  await page.getByTestId('devtools-toggle').click();
  await expect(page.locator('fieldstream-devtools')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the timeline page’s panel shows its run, inspects a field, exports the run and opens it again', async ({
  page,
}) => {
  await openScenario(page, '/timeline', { preset: 'incident', charsPerSecond: 6000, chunkSize: 12 });
  const panel = page.getByTestId('devtools-showcase').locator('fieldstream-devtools');
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  await expect(panel.locator('.fsd-entry[data-kind="attempt"]').first()).toHaveText(/^\+\d+ ms attempt 0 \(json\)$/);
  await expect(panel.locator('.fsd-entry[data-kind="final"]')).toHaveText(
    /final data: \d+ confirmed, 0 changed, 0 removed$/,
  );
  await expect(panel.locator('.fsd-entry[data-kind="check"]').last()).toHaveText(/checks passed$/);
  const entries = await panel.locator('.fsd-entry').allTextContents();

  await panel.getByRole('button', { name: 'Inspector' }).click();
  await panel.getByRole('combobox', { name: 'Field', exact: true }).selectOption('severity');
  await expect(panel.locator('.fsd-inspector caption')).toHaveText('Steps of severity');
  await expect(panel.locator('.fsd-inspector tbody tr').last()).toContainText('confirmed');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export run' }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(JSON.parse(text.split('\n')[0]?.replace(/,"messages":\[$/, '}') ?? '{}')).toMatchObject({
    format: 'fieldstream-recording',
    version: 1,
  });
  await panel.getByLabel('Open run', { exact: true }).setInputFiles(file);
  await expect(panel.locator('.fsd-runs option')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Timeline' }).click();
  await expect(panel.locator('.fsd-entry')).toHaveText(entries);
});

test('axe: the open panel, after a run, has no serious or critical violations', async ({ page }) => {
  await openScenario(page, '/timeline', { preset: 'incident', charsPerSecond: 6000, chunkSize: 12 });
  await page.getByTestId('devtools-toggle').click();
  await expect(dock(page).getByRole('heading', { name: 'Fieldstream devtools' })).toBeVisible();
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  const panels = page.locator('fieldstream-devtools');
  await expect(panels.nth(0).locator('.fsd-entry[data-kind="final"]')).toHaveCount(1);
  for (const view of ['Timeline', 'Inspector', 'Figures']) {
    for (const panel of await panels.all()) await panel.getByRole('button', { name: view }).click();
    const { violations } = await new AxeBuilder({ page }).include('fieldstream-devtools').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${view} ${violation.id}: ${violation.nodes.length}`)).toEqual([]);
  }
});

test('under a strict Content-Security-Policy the panel keeps its styles and breaks no rule', async ({ page }) => {
  // The playground's document served with a policy that allows no inline style or script.
  await page.route(/\/(\?.*)?$/, async (route) => {
    const response = await route.fetch();
    const policy =
      "default-src 'self'; style-src 'self'; script-src 'self'; img-src 'self' data:; worker-src 'self' blob:";
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': policy } });
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Reflect.set(globalThis, 'policyViolations', seen);
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.sourceFile}`),
    );
  });
  await openScenario(page, '/live', { preset: 'incident', charsPerSecond: 6000, chunkSize: 12 });
  await page.getByTestId('devtools-toggle').click();
  const panel = dock(page);
  await expect(panel.getByRole('heading', { name: 'Fieldstream devtools' })).toBeVisible();
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  await expect(panel.locator('.fsd-entry[data-kind="final"]')).toHaveCount(1);
  // The constructed stylesheet applies: the panel's border radius and the pressed tab's colours.
  await expect(panel.locator('.fsd')).toHaveCSS('border-top-left-radius', '6px');
  await expect(panel.getByRole('button', { name: 'Timeline' })).toHaveCSS('background-color', 'rgb(29, 29, 31)');
  // The panel and its scrolling view keep their layout to themselves.
  await expect(panel.locator('.fsd-view')).toHaveCSS('contain', 'content');
  expect(await page.evaluate(() => Reflect.get(globalThis, 'policyViolations'))).toEqual([]);
  // The policy is in force: an inline <style> element of the page's own is refused.
  await page.evaluate(() =>
    document.head.append(Object.assign(document.createElement('style'), { textContent: 'p {}' })),
  );
  await expect
    .poll(() =>
      page.evaluate(() => (Reflect.get(globalThis, 'policyViolations') as string[]).map((line) => line.split(' ')[0])),
    )
    .toEqual(['style-src-elem']);
});
