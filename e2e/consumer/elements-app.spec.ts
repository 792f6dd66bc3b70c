import { expect, test } from '@playwright/test';
import { port } from '../ports';
import { consumerAppSpec } from './consumer-spec';
import { expectBuiltAppStreams, expectFinishedPanels } from './scripted-events';

// @fieldstream/elements as a user gets it: core and elements from their tarballs on a plain HTML
// page with no framework, bundled by Vite with no plugin, with plain resolution. See
// docs/decisions/0010-packaging.md.

const app = consumerAppSpec({
  template: 'template-elements',
  packages: ['core', 'elements'],
  dependencies: [],
  devDependencies: ['vite', 'typescript'],
});

test('the page type-checks under moduleResolution bundler, typed tags and paths included', () => {
  expect(app().run('tsc', ['-p', 'tsconfig.json'])).toEqual({ status: 0, output: '' });
});

test('vite builds the page, and Chromium shows each scripted event, then done', async ({ page }) => {
  test.setTimeout(180_000);
  const { answer, errors } = await expectBuiltAppStreams(page, app(), port('FIELDSTREAM_CONSUMER_ELEMENTS_PORT'), {
    progressPanel: true,
  });
  // <fieldstream-status> and a <fieldstream-field> per path stepped above; the flags through renderValue.
  await expect(page.getByTestId('flags')).toHaveText(answer.risk_flags.join(' | '));
  await expectFinishedPanels(page, answer);
  expect(errors).toEqual([]);
});
