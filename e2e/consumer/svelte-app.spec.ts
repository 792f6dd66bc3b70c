import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { port } from '../ports';
import { consumerAppSpec } from './consumer-spec';
import { expectServerRendersIdle } from './idle-server-render';
import { expectBuiltAppStreams, expectFinishedPanels } from './scripted-events';

// @fieldstream/svelte as a user gets it: core and svelte from their tarballs in a fresh Vite +
// Svelte 5 app (runes), whose compiler compiles the package's .svelte components, with plain
// resolution. See docs/decisions/0010-packaging.md.

const app = consumerAppSpec({
  template: 'template-svelte',
  packages: ['core', 'svelte'],
  dependencies: ['svelte'],
  devDependencies: ['vite', '@sveltejs/vite-plugin-svelte', 'typescript', 'svelte-check'],
});

test('the svelte tarball ships every component as a .svelte source with its declarations', () => {
  const components = readdirSync(join(import.meta.dirname, '../../packages/svelte/src'))
    .filter((file) => file.endsWith('.svelte'))
    .sort();
  const files = app().tarballs.find((tarball) => tarball.name === '@fieldstream/svelte')?.files ?? [];
  expect(files.filter((file) => file.endsWith('.svelte'))).toEqual(components.map((file) => `dist/${file}`));
  for (const file of components) expect(files, file).toContain(`dist/${file}.d.ts`);
});

test('the app passes svelte-check with no errors and no warnings, typed paths included', () => {
  const result = app().run('svelte-check', [
    '--tsconfig',
    './tsconfig.json',
    '--fail-on-warnings',
    '--output',
    'machine',
  ]);
  expect(result.status, result.output).toBe(0);
  expect(result.output.split('\n').at(-1)).toMatch(/ COMPLETED \d+ FILES 0 ERRORS 0 WARNINGS 0 FILES_WITH_PROBLEMS$/);
});

test('svelte/server renders the idle tree from the installed packages', () => {
  // The Svelte compiler compiles @fieldstream/svelte's components into the bundle, with svelte's
  // server runtime; the core stays a package Node loads.
  expectServerRendersIdle(app(), ['@fieldstream/core']);
});

test('vite builds the app, and Chromium shows each scripted event, then done', async ({ page }) => {
  test.setTimeout(180_000);
  const { answer, errors } = await expectBuiltAppStreams(page, app(), port('FIELDSTREAM_CONSUMER_SVELTE_PORT'), {
    progressPanel: true,
  });
  await expect(page.getByTestId('flags')).toHaveText(answer.risk_flags.join(' | '));
  await expectFinishedPanels(page, answer);
  expect(errors).toEqual([]);
});
