import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { port } from './ports';
import { serveStatic } from './support/static-server';

// The built playground (the config's web server builds dist/ first) on a plain static file host:
// no /api, POST answers 501. The page notices and runs the built-in model inside itself.
const DIST = fileURLToPath(new URL('../apps/playground/dist', import.meta.url));
// FIELDSTREAM_STATIC_PORT (or FIELDSTREAM_PORT_BASE + 1, see ports.ts) picks the port; by default the
// system gives a free one.
const PORT = port('FIELDSTREAM_STATIC_PORT');
let ORIGIN = '';
/**
 * What only a server may hold, as it reads in a minified bundle: a Node built-in or the Redis client
 * as a quoted module specifier (Vite's stub for an externalized built-in too), and the Redis parts
 * of `@fieldstream/server`, whose names survive as string literals in their error messages.
 */
const SERVER_ONLY = [
  /["'`]node:[a-z_]/,
  /__vite-browser-external/,
  /["'`]redis["'`]|@redis\//,
  /createRedis(AnswerLog|RateLimitStore)/,
];
const DOCS_SCREENSHOT = fileURLToPath(new URL('../docs/playground-static.png', import.meta.url));

let server: Server | undefined;
// One host for the file; the tests in it run one after another.
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  server = await serveStatic(DIST, PORT);
  const address = server.address();
  ORIGIN = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : PORT}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

test('the static host has no API: a POST is a 501', async ({ request }) => {
  expect((await request.post(`${ORIGIN}/api/chat/completions`, { data: {} })).status()).toBe(501);
  expect((await request.get(`${ORIGIN}/api/config`)).status()).toBe(404);
});

test('the built assets hold no server-only module', () => {
  const assets = join(DIST, 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(10);
  const found = scripts.flatMap((name) => {
    const text = readFileSync(join(assets, name), 'utf8');
    return SERVER_ONLY.filter((marker) => marker.test(text)).map((marker) => `${name}: ${marker}`);
  });
  expect(found).toEqual([]);
});

test('the page says it runs the model in the page, and the home text agrees', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${ORIGIN}/`);
  await expect(page.getByTestId('playground-mode')).toHaveAttribute('data-mode', 'in-page');
  await expect(page.getByTestId('mode-text')).toHaveAttribute('data-mode', 'in-page');
  await expect(page.getByTestId('mode-text')).toContainText('runs inside this page');
  expect(errors).toEqual([]);
});

test('the live form streams to done, field by field', async ({ page }) => {
  await page.goto(`${ORIGIN}/#/live?preset=incident&format=json&rate=1500&chunk=4`);
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'streaming');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(page.locator('.fs-field[data-path="severity"] .fs-field-text')).toHaveText('SEV2');
  const data = JSON.parse((await page.getByTestId('final-data').textContent()) ?? 'null') as { severity?: string };
  expect(data.severity).toBe('SEV2');
});

test('faults work in the page too: a dropped connection is a TransportError with its code', async ({ page }) => {
  await page.goto(`${ORIGIN}/#/progress?preset=incident&format=json&rate=4000&faults=drop_connection&retries=0`);
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('error-message')).toHaveAttribute('data-code', 'TRANSPORT_FAILED');
  await expect(page.getByTestId('error-message')).toContainText('TransportError: Connection dropped');
});

test('in the page, a 429 with Retry-After is waited out and retried to done', async ({ page }) => {
  await page.goto(`${ORIGIN}/#/live?preset=incident&format=json&rate=3000&faults=rate_limited&retries=1`);
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('attempt-counter')).toHaveText('attempt 2');
});

test('in the page, Abort ends a stream as aborted', async ({ page }) => {
  await page.goto(`${ORIGIN}/#/live?preset=incident&format=json&rate=300&chunk=2`);
  await page.getByTestId('start-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'streaming');
  await page.getByTestId('abort-button').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'aborted');
  await expect(page.getByTestId('aborted-note')).toBeVisible();
});

test('the dashboard runs its six tiles to done', async ({ page }) => {
  await page.goto(`${ORIGIN}/#/dashboard?rate=3000&chunk=8`);
  await page.getByTestId('start-all').click();
  const tiles = page.locator('article.tile');
  await expect(tiles).toHaveCount(6);
  for (const tile of await tiles.all()) await expect(tile).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('tile-error')).toHaveCount(0);
});

test('screenshot of the static-hosted playground', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${ORIGIN}/#/dashboard?rate=600&chunk=4`);
  await page.getByTestId('start-all').click();
  await expect(page.locator('article.tile').first()).toHaveAttribute('data-status', 'streaming');
  await page.waitForTimeout(1500);
  const path =
    process.env.FIELDSTREAM_UPDATE_SCREENSHOT === '1' ? DOCS_SCREENSHOT : testInfo.outputPath('playground-static.png');
  await page.screenshot({ path });
  expect(statSync(path).size).toBeGreaterThan(20_000);
});

test('served by the playground server, the page says so', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('playground-mode')).toHaveAttribute('data-mode', 'server');
  await expect(page.getByTestId('mode-text')).toContainText('on this playground server');
});

test('the tool-calls page streams an output tool and two parallel calls with the model in the page', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/#/tools`);
  await page.getByTestId('tools-dialect').selectOption('anthropic-messages');
  await page.getByTestId('tools-output-start').click();
  await expect(page.getByTestId('tools-output-status')).toHaveAttribute('data-status', 'done');
  expect(JSON.parse((await page.getByTestId('final-data').textContent()) ?? 'null')).toMatchObject({
    severity: 'high',
  });
  await page.getByTestId('tools-calls-start').click();
  await expect(page.getByTestId('tool-call-1')).toHaveAttribute('data-state', 'complete');
  await expect(page.getByTestId('tool-arg-0-limit')).toContainText('5');
});
