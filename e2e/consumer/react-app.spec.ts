import { expect, test } from '@playwright/test';
import { port } from '../ports';
import { consumerAppSpec } from './consumer-spec';
import { expectBuiltAppStreams } from './scripted-events';

// The packages as a user gets them: packed, installed into a fresh app outside the repository, and
// used with plain resolution (no aliases, no custom conditions). See docs/decisions/0010-packaging.md.
// This app is React's: core, react and server from their tarballs, zod from the registry.

const app = consumerAppSpec({
  template: 'template-react',
  packages: ['core', 'react', 'server'],
  dependencies: ['react', 'react-dom', 'zod'],
  devDependencies: ['vite', '@vitejs/plugin-react', 'typescript', '@types/react', '@types/react-dom'],
});

test('the app type-checks under moduleResolution bundler', () => {
  expect(app().run('tsc', ['-p', 'tsconfig.bundler.json'])).toEqual({ status: 0, output: '' });
});

test('the app type-checks under module and moduleResolution NodeNext', () => {
  expect(app().run('tsc', ['-p', 'tsconfig.nodenext.json'])).toEqual({ status: 0, output: '' });
});

test('a plain Node ESM script streams a response and prints getData()', () => {
  const result = app().run('node', ['print-data.mjs']);
  expect(result.status, result.output).toBe(0);
  expect(JSON.parse(result.output)).toEqual({
    data: { status_summary: 'Checkout latency back to normal', risk_flags: ['stale caches'] },
    patches: true,
    status: 'done',
    scriptedModelInMain: false,
  });
});

test('a plain Node ESM script loads @fieldstream/server, and the patch streams from their one home', () => {
  const result = app().run('node', ['server-check.mjs']);
  expect(result.status, result.output).toBe(0);
  expect(JSON.parse(result.output)).toEqual({
    // Resumable answers: the `redis` package is an optional peer dependency, imported on demand.
    server: [
      'AnswerLogError',
      'createMemoryAnswerLog',
      'createModelProxy',
      'createRedisAnswerLog',
      'createRedisRateLimitStore',
      'createResumableAnswers',
      'toNodeHandler',
    ],
    patchStream: { fromPatchStream: 'function', toPatchStream: 'function' },
  });
});

test('vite builds the app, and Chromium shows each scripted event, then done', async ({ page }) => {
  test.setTimeout(180_000);
  const { answer, errors } = await expectBuiltAppStreams(page, app(), port('FIELDSTREAM_CONSUMER_PORT'), {
    progressPanel: false, // its FieldProgress shows the release, not the incident
  });
  await expect(page.getByTestId('flags')).toHaveText(answer.risk_flags.join(' | '));
  // The zod panel: LiveForm and FieldProgress render the schema itself; the final data is its
  // output (the transform split the tags, the default filled the priority).
  await expect(page.getByTestId('release-final')).toHaveText('{"tags":["core","react"],"priority":3}');
  await expect(
    page.locator('form, [role="form"], section').filter({ hasText: 'Fieldstream 1.0' }).first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
