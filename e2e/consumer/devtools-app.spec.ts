import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { port } from '../ports';
import { consumerAppSpec } from './consumer-spec';

// @fieldstream/devtools as a user gets it: core and devtools from their tarballs, loaded the way
// its README says (in development, on demand), bundled by Vite with no plugin.

const app = consumerAppSpec({
  template: 'template-devtools',
  packages: ['core', 'devtools'],
  dependencies: [],
  devDependencies: ['vite', 'typescript'],
});

/** The text of every JavaScript file a build wrote. */
function builtScripts(): string {
  const assets = join(app().dir, 'dist', 'assets');
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => app().read(`dist/assets/${file}`))
    .join('\n');
}

test('the page type-checks under moduleResolution bundler, the typed tag included', () => {
  expect(app().run('tsc', ['-p', 'tsconfig.json'])).toEqual({ status: 0, output: '' });
});

test('a production build holds none of the panel; a development build loads it, and it records the run', async ({
  page,
}) => {
  test.setTimeout(180_000);
  expect(app().run('vite', ['build']).status).toBe(0);
  expect(builtScripts().includes('fieldstream-devtools')).toBe(false);
  expect(app().run('vite', ['build', '--mode', 'development']).status).toBe(0);
  expect(builtScripts().includes('fieldstream-devtools')).toBe(true);
  const url = await app().serve(port('FIELDSTREAM_CONSUMER_DEVTOOLS_PORT'));
  // The scripted model waits a minute of page time before each event: the clock runs them all.
  await page.clock.install({ time: 0 });
  await page.goto(url);
  const panel = page.locator('fieldstream-devtools');
  await expect(panel.getByRole('heading', { name: 'Fieldstream devtools' })).toBeVisible();
  await page.clock.runFor(60_000 * 40);
  const answer = JSON.parse(app().read('src/answer.json')) as { status_summary: string };
  await expect(page.getByTestId('summary')).toHaveText(answer.status_summary);
  await expect(panel.locator('.fsd-entry[data-kind="final"]')).toHaveText(
    / final data: 5 confirmed, 0 changed, 0 removed$/,
  );
});
