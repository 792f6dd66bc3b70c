import type { FormatOption } from '@fieldstream/core';
import { expect, type Page, test } from '@playwright/test';
import { expectedData, presetById, resolvePresetFormat, XSS_CORPUS } from '../apps/playground/src/presets/index';
import { expectStatus, finalData, openScenario } from './support/playground';

// The XSS corpus streamed through every format must stay inert text on every page: no dialog, no
// on* attribute, no javascript: link, no element the payloads name — at any moment, not just the end.

const preset = presetById('xss-corpus');

/** Watches the whole document from before the app loads; returns what it found. */
async function guardDom(page: Page): Promise<() => Promise<{ violations: string[]; dialogs: string[] }>> {
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    // A set: the final rescan must not count what the observer already saw.
    const violations = new Set<string>();
    const check = (element: Element): void => {
      for (const attribute of element.getAttributeNames()) {
        if (/^on/i.test(attribute)) violations.add(`${element.tagName} has ${attribute}`);
      }
      const href = element.getAttribute('href') ?? element.getAttribute('xlink:href') ?? element.getAttribute('src');
      if (href !== null && /^\s*javascript:/i.test(href)) violations.add(`${element.tagName} links to ${href}`);
      const inApp = document.getElementById('root')?.contains(element) ?? false;
      if (inApp && /^(img|svg|script|iframe|object|embed)$/i.test(element.tagName)) {
        violations.add(`a <${element.tagName}> element`);
      }
    };
    const scan = (root: Element): void => {
      check(root);
      for (const element of root.querySelectorAll('*')) check(element);
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target instanceof Element) check(record.target);
        for (const node of record.addedNodes) if (node instanceof Element) scan(node);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true });
    (window as unknown as { __xss: { violations: Set<string>; scan: () => void } }).__xss = {
      violations,
      scan: () => scan(document.documentElement),
    };
  });
  return async () => {
    const violations = await page.evaluate(() => {
      const guard = (window as unknown as { __xss: { violations: Set<string>; scan: () => void } }).__xss;
      guard.scan();
      return [...guard.violations];
    });
    return { violations, dialogs };
  };
}

const formats: FormatOption[] = ['json', 'hybrid', 'xml_field', 'yaml_literal', 'flat_markdown', 'text', 'auto'];

for (const format of formats) {
  test(`XSS corpus in ${format} renders as inert text`, async ({ page }) => {
    const report = await guardDom(page);
    await openScenario(page, '/live', { preset: preset.id, format, charsPerSecond: 6000, chunkSize: 3 });
    await page.getByTestId('start-button').click();
    await expectStatus(page, 'done');
    const resolved = resolvePresetFormat(preset, format);
    expect(await finalData(page)).toEqual(expectedData(preset.data, resolved, preset.output));
    // Every payload is on screen, as the characters it is made of.
    const form = page.getByTestId('live-form');
    for (const payload of XSS_CORPUS) await expect(form).toContainText(payload);
    expect(await report()).toEqual({ violations: [], dialogs: [] });
  });
}

test('XSS corpus on the timeline and progress pages (event log, raw text, reasoning, diff) stays inert', async ({
  page,
}) => {
  const report = await guardDom(page);
  await openScenario(page, '/timeline', { preset: preset.id, format: 'hybrid', charsPerSecond: 0 });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  await expect(page.getByTestId('reasoning')).toContainText('<svg onload=alert(1)>');
  await expect(page.getByTestId('raw-text')).toContainText('<a href="javascript:alert(1)">x</a>');
  await page.getByTestId('event-row').first().click();
  await expect(page.getByTestId('diff-row').first()).toBeVisible();
  await openScenario(page, '/progress', { preset: preset.id, format: 'xml_field', charsPerSecond: 0 });
  await page.getByTestId('start-button').click();
  await expectStatus(page, 'done');
  expect(await report()).toEqual({ violations: [], dialogs: [] });
});

test('the guard itself catches live markup (control)', async ({ page }) => {
  const report = await guardDom(page);
  await page.goto('/');
  await page.evaluate(() => {
    document.getElementById('root')?.insertAdjacentHTML('beforeend', '<img src=x onerror="alert(1)">');
  });
  await expect.poll(async () => (await report()).dialogs).toEqual(['1']);
  expect((await report()).violations.sort()).toEqual(['IMG has onerror', 'a <IMG> element']);
});
