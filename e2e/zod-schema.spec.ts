import { expect, test } from '@playwright/test';
import { RELEASE_ANSWER, Release } from '../apps/playground/src/pages/zod/release-schema';
import { expectStatus, finalData } from './support/playground';

// The zod page: a zod schema given as it is to createResponse, <LiveForm> and <FieldProgress>. The
// form is laid out from the schema's input side; while it streams, `tags` is the text the model
// writes; the validated output (tags split, reviewers defaulted) replaces it at the end.

const FIELDS = ['title', 'channel', 'tags', 'reviewers', 'risk', 'notes'];
const expected = Release.parse(JSON.parse(RELEASE_ANSWER));

test('a zod schema renders through LiveForm and FieldProgress, streams its input and ends with its output', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await page.getByTestId('nav-zod').click();
  await expect(page).toHaveURL(/#\/zod$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Zod schema' })).toBeVisible();

  const form = page.getByTestId('zod-live-form');
  const fields = form.locator('.fs-field');
  await expect(fields).toHaveCount(FIELDS.length);
  expect(await fields.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-path')))).toEqual(
    FIELDS,
  );
  await expect(form.locator('.fs-list[data-path="changes"]')).toBeVisible();
  const rows = page.getByTestId('zod-progress').locator('.fs-progress-row');
  expect(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-path')))).toEqual([
    ...FIELDS,
    'changes',
  ]);

  await page.getByTestId('zod-start').click();
  // Mid-stream: the transform has not run, the field holds the text the model writes.
  await page.waitForFunction(() => {
    const tags = document.querySelector('[data-testid="zod-tags"]');
    return tags?.getAttribute('data-state') === 'streaming' && (tags.textContent ?? '').includes(',');
  });
  await expect(form.locator('.fs-field[data-path="tags"] .fs-field-text')).toContainText('react,');

  await expectStatus(page, 'done');
  expect(await finalData(page)).toEqual(expected);
  const tags = page.getByTestId('zod-tags');
  await expect(tags).toHaveAttribute('data-state', 'final');
  await expect(tags.locator('li')).toHaveText(['react', 'types', 'zod', 'playground']);
  await expect(form.locator('.fs-field[data-path="tags"] .fs-field-text')).toHaveText(JSON.stringify(expected.tags));
  // The default comes from the schema: the model never wrote it.
  await expect(form.locator('.fs-field[data-path="reviewers"] .fs-field-text')).toHaveText('2');
  await expect(form.locator('.fs-field[data-path="channel"] .fs-field-text')).toHaveText('beta');
  await expect(form.locator('.fs-list[data-path="changes"] li')).toHaveCount(2);
  await expect(page.getByTestId('zod-progress').locator('.fs-progress-row[data-path="tags"]')).toHaveAttribute(
    'data-phase',
    'changed',
  );
  expect(errors).toEqual([]);
});
