import { expect, test } from '@playwright/test';
import { port } from '../ports';
import { consumerAppSpec } from './consumer-spec';
import { expectServerRendersIdle } from './idle-server-render';
import { expectBuiltAppStreams, expectFinishedPanels } from './scripted-events';

// @fieldstream/vue as a user gets it: core and vue from their tarballs in a fresh Vite + Vue app
// (a `<script setup lang="ts">` component), with plain resolution. @types/node: the server entry
// imports vue/server-renderer, whose declarations use node:stream. See docs/decisions/0010-packaging.md.

const app = consumerAppSpec({
  template: 'template-vue',
  packages: ['core', 'vue'],
  dependencies: ['vue'],
  devDependencies: ['vite', '@vitejs/plugin-vue', 'typescript', 'vue-tsc', '@types/node'],
});

test('the app type-checks with vue-tsc, typed paths included', () => {
  expect(app().run('vue-tsc', ['--noEmit', '-p', 'tsconfig.json'])).toEqual({ status: 0, output: '' });
});

test('vue/server-renderer renders the idle tree from the installed packages', () => {
  expectServerRendersIdle(app(), ['vue/server-renderer', '@fieldstream/vue', '@fieldstream/core']);
});

test('vite builds the app, and Chromium shows each scripted event, then done', async ({ page }) => {
  test.setTimeout(180_000);
  const { answer, errors } = await expectBuiltAppStreams(page, app(), port('FIELDSTREAM_CONSUMER_VUE_PORT'), {
    progressPanel: true,
  });
  await expect(page.getByTestId('flags')).toHaveText(answer.risk_flags.join(' | '));
  await expectFinishedPanels(page, answer);
  expect(errors).toEqual([]);
});
