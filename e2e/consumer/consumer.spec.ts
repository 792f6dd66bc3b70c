import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { port } from '../ports';
import { ConsumerApp } from './consumer-app';

// The packages as a user gets them: packed, installed into a fresh app outside the repository, and
// used with plain resolution (no aliases, no custom conditions). See docs/decisions/0010-packaging.md.

// Not serial: a failing check does not hide the others (the next worker installs the app again).
let app: ConsumerApp;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  app = new ConsumerApp();
});

test.afterAll(() => app?.dispose());

// Files a package ships beside dist/ on purpose (its `files` field): react's opt-in stylesheet.
const assets: Record<string, string[]> = { '@fieldstream/react': ['styles.css'] };

test('each tarball holds dist/, README.md, LICENSE, package.json and its declared assets only', () => {
  const license = readFileSync(join(import.meta.dirname, '../../LICENSE'), 'utf8');
  for (const tarball of app.tarballs) {
    console.log(`${tarball.filename}: ${tarball.size} B packed, ${tarball.unpackedSize} B unpacked`);
    const outside = tarball.files.filter((file) => !file.startsWith('dist/'));
    expect(outside, tarball.name).toEqual(
      ['LICENSE', 'README.md', 'package.json', ...(assets[tarball.name] ?? [])].sort(),
    );
    expect(
      tarball.files.filter((file) => file.endsWith('.map')),
      tarball.name,
    ).toEqual([]);
    const installed = join(app.dir, 'node_modules', tarball.name);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8'), tarball.name).toBe(license);
  }
});

test('the app type-checks under moduleResolution bundler', () => {
  expect(app.run('tsc', ['-p', 'tsconfig.bundler.json'])).toEqual({ status: 0, output: '' });
});

test('the app type-checks under module and moduleResolution NodeNext', () => {
  expect(app.run('tsc', ['-p', 'tsconfig.nodenext.json'])).toEqual({ status: 0, output: '' });
});

test('a plain Node ESM script streams a response and prints getData()', () => {
  const result = app.run('node', ['print-data.mjs']);
  expect(result.status, result.output).toBe(0);
  expect(JSON.parse(result.output)).toEqual({
    data: { status_summary: 'Checkout latency back to normal', risk_flags: ['stale caches'] },
    patches: true,
    status: 'done',
    scriptedModelInMain: false,
  });
});

test('a plain Node ESM script loads @fieldstream/server, and the patch streams from their one home', () => {
  const result = app.run('node', ['server-check.mjs']);
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

/** The summary on screen after `events` events of 8 characters: what of its string had arrived. */
function summaryAfter(answerText: string, events: number): string {
  const arrived = answerText.slice(0, events * 8);
  const key = '"status_summary":"';
  const start = arrived.indexOf(key);
  if (start === -1) return '';
  const value = arrived.slice(start + key.length);
  const end = value.indexOf('"');
  return end === -1 ? value : value.slice(0, end);
}

test('vite builds the app, and Chromium shows each scripted event, then done', async ({ page }) => {
  test.setTimeout(180_000);
  const build = app.run('vite', ['build']);
  expect(build.status, build.output).toBe(0);
  const url = await app.serve(port('FIELDSTREAM_CONSUMER_PORT'));

  const answer = JSON.parse(readFileSync(join(app.dir, 'src/answer.json'), 'utf8')) as {
    status_summary: string;
    risk_flags: string[];
  };
  const answerText = JSON.stringify(answer);
  const events = Math.ceil(answerText.length / 8);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // The scripted model waits a minute of page time before each event: with the clock paused, each
  // `runFor(60_000)` delivers exactly one event, so every frame is known in advance.
  await page.clock.install({ time: 0 });
  await page.goto(url);
  await page.clock.pauseAt(30_000);
  const status = page.getByTestId('status');
  const summary = page.getByTestId('summary');
  let partialFrames = 0;
  for (let event = 1; event <= events; event++) {
    await page.clock.runFor(60_000);
    const expected = summaryAfter(answerText, event);
    await expect(summary).toHaveText(expected);
    if (event < events) await expect(status).toHaveText('streaming');
    if (expected !== '' && expected !== answer.status_summary) partialFrames += 1;
  }
  expect(partialFrames).toBeGreaterThan(2);
  await expect(status).toHaveText('done');
  await expect(summary).toHaveText(answer.status_summary);
  await expect(page.getByTestId('flags')).toHaveText(answer.risk_flags.join(' | '));
  // The zod panel: LiveForm and FieldProgress render the schema itself; the final data is its
  // output (the transform split the tags, the default filled the priority).
  await expect(page.getByTestId('release-final')).toHaveText('{"tags":["core","react"],"priority":3}');
  await expect(
    page.locator('form, [role="form"], section').filter({ hasText: 'Fieldstream 1.0' }).first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
