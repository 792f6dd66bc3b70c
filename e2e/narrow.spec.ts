import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { PAGE_RUNS } from './support/page-runs';

// A phone: every page fits its width before and after a run (wide tables scroll inside their panel).
const PHONE = { width: 390, height: 844 };
const DOCS_SCREENSHOT = fileURLToPath(new URL('../docs/playground-narrow.png', import.meta.url));

async function pageOverflow(
  page: import('@playwright/test').Page,
): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

test.describe('at 390×844', () => {
  test.use({ viewport: PHONE });

  for (const { route, name, run } of PAGE_RUNS) {
    test(`${name}: no horizontal overflow, the nav inside the screen`, async ({ page }) => {
      await page.goto(`/#${route}`);
      await expect(page.getByTestId('nav-home')).toBeVisible();
      expect((await pageOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await run?.(page);
      const after = await pageOverflow(page);
      expect(after.scrollWidth).toBeLessThanOrEqual(after.innerWidth);
      // Every nav link lies inside the viewport (the nav wraps instead of spilling out of the header).
      for (const link of await page.locator('.topbar nav a').all()) {
        const box = await link.boundingBox();
        expect(box).not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      }
    });
  }

  test('the timeline follows the newest events until the reader scrolls back', async ({ page }) => {
    await page.goto('/#/timeline?rate=1500&chunk=3');
    await page.getByTestId('start-button').click();
    const region = page.getByTestId('event-scroll');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const atBottom = () =>
      region.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 24);
    expect(await atBottom()).toBe(true);
    expect(await region.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    // Scroll back: following stops, a button brings the newest back.
    await region.evaluate((element) => {
      element.scrollTop = 0;
    });
    await expect(region).toHaveAttribute('data-following', 'false');
    await page.getByTestId('start-button').click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    expect(await region.evaluate((element) => element.scrollTop)).toBe(0);
    await page.getByTestId('event-scroll-jump').click();
    await expect(region).toHaveAttribute('data-following', 'true');
    expect(await atBottom()).toBe(true);
  });

  test('wide tables scroll inside their own focusable panel', async ({ page }) => {
    await page.goto('/#/providers');
    const region = page.getByRole('region', { name: 'Output contract planning per provider' });
    const sizes = await region.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  test('screenshot of the narrow live form', async ({ page }, testInfo) => {
    await page.goto('/#/live?preset=netlist&format=hybrid&rate=1500&chunk=4');
    await page.getByTestId('start-button').click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    const path =
      process.env.FIELDSTREAM_UPDATE_SCREENSHOT === '1'
        ? DOCS_SCREENSHOT
        : testInfo.outputPath('playground-narrow.png');
    await page.screenshot({ path });
    expect(statSync(path).size).toBeGreaterThan(10_000);
  });
});

test('at 1280 px, list items in the live form take the row, and the timeline table fits its panel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/#/live?preset=incident&format=json&rate=6000&chunk=12');
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  const item = page.locator('.fs-field[data-path="affected_services[0]"]');
  const widths = await item.evaluate((field) => ({
    text: (field.querySelector('.fs-field-text') as HTMLElement).getBoundingClientRect().width,
    row: field.getBoundingClientRect().width,
  }));
  // No empty label column: the value spans the item's row (not a 150 px column).
  expect(widths.text).toBe(widths.row);

  await page.goto('/#/timeline?preset=incident&format=json&rate=6000&chunk=12');
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  const region = page.getByTestId('event-scroll');
  const sizes = await region.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
});
