/**
 * Where the renderer's main thread spends a browser-bench stream, from a Chromium trace:
 *   npx tsx bench/browser-trace.ts [fields=50] [tokensPerSecond=20000] [mode=liveform|vue|svelte|elements|baseline] [chunks=token|batch]
 * Builds bench/browser/ (production, into a temporary directory), records one stream with the
 * devtools timeline categories, and sums each top-level event kind's own
 * duration on the main thread (ms and % of the stream). A probe for reading, not a suite.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { port } from '../e2e/ports';
import { benchPageRoot, buildBenchPage } from './browser/page-build';
import type { PageConfig, PageResult } from './browser/page-protocol';

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};

const [fields = '50', rate = '20000', mode = 'liveform', chunks = 'token'] = process.argv.slice(2);
const MODES: readonly PageConfig['mode'][] = ['liveform', 'vue', 'svelte', 'elements', 'baseline'];
const config: PageConfig = {
  mode: MODES.find((known) => known === mode) ?? 'liveform',
  fields: Number(fields),
  tokensPerSecond: Number(rate),
  seconds: 4,
  chunks: chunks === 'batch' ? 'batch' : 'token',
};
const outDir = mkdtempSync(join(tmpdir(), 'fieldstream-trace-'));
await buildBenchPage(outDir);
const server = await preview({
  root: benchPageRoot,
  configFile: false,
  logLevel: 'warn',
  build: { outDir },
  preview: { port: port('FIELDSTREAM_BENCH_PORT'), strictPort: false, host: '127.0.0.1' },
});
const url = server.resolvedUrls?.local[0] as string;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const path = join(outDir, 'trace.json');
try {
  const page = await browser.newPage();
  await page.goto(url);
  await page.waitForFunction(() => 'runBench' in window);
  await browser.startTracing(page, {
    path,
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing'],
  });
  const result = await page.evaluate(
    (pageConfig) => (window as unknown as { runBench(config: PageConfig): Promise<PageResult> }).runBench(pageConfig),
    config,
  );
  await browser.stopTracing();
  report(JSON.parse(readFileSync(path, 'utf8')).traceEvents as TraceEvent[], result);
} finally {
  await browser.close();
  rmSync(outDir, { recursive: true, force: true });
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}

/** Self time per event name on the renderer main thread, within RunTask. */
function report(events: TraceEvent[], result: PageResult): void {
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (main === undefined) throw new Error('no renderer main thread in the trace');
  const slices = events
    .filter((event) => event.pid === main.pid && event.tid === main.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = selfTimes(slices);
  // What each long task (over 50 ms) spent its time on.
  const longTasks = slices.filter((slice) => slice.name === 'RunTask' && (slice.dur ?? 0) > 50_000);
  const longSelf = new Map<string, number>();
  for (const task of longTasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = slices.filter((slice) => slice.ts >= task.ts && slice.ts < end);
    for (const [name, us] of selfTimes(inside)) longSelf.set(name, (longSelf.get(name) ?? 0) + us);
  }
  const streamMs = result.streamMs;
  console.log(
    `${config.mode} ${config.fields} fields @ ${config.tokensPerSecond}/s, a text event per ${config.chunks}: ${result.fps.toFixed(1)} fps, ` +
      `${result.longTasks} long tasks (longest ${result.longestTaskMs.toFixed(0)} ms), stream ${streamMs.toFixed(0)} ms`,
  );
  console.log('| main-thread event (self time) | ms | % of stream |\n|---|---:|---:|');
  const rows = [...self].filter(([, us]) => us > 0).sort((a, b) => b[1] - a[1]);
  for (const [name, us] of rows.slice(0, 16)) {
    console.log(`| ${name} | ${(us / 1000).toFixed(0)} | ${((us / 1000 / streamMs) * 100).toFixed(1)} |`);
  }
  const durations = longTasks.map((task) => ((task.dur ?? 0) / 1000).toFixed(0)).join(', ');
  console.log(`\nTasks over 50 ms in the trace: ${longTasks.length} (${durations} ms); their self time:`);
  for (const [name, us] of [...longSelf]
    .filter(([, t]) => t > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)) {
    console.log(`  ${name}: ${(us / 1000).toFixed(0)} ms`);
  }
}

/** Self time per name: each slice's duration minus its direct children's (slices sorted by start). */
function selfTimes(slices: readonly TraceEvent[]): Map<string, number> {
  const self = new Map<string, number>();
  const stack: TraceEvent[] = [];
  for (const slice of slices) {
    while (stack.length > 0 && (stack.at(-1) as TraceEvent).ts + ((stack.at(-1) as TraceEvent).dur ?? 0) <= slice.ts)
      stack.pop();
    const parent = stack.at(-1);
    if (parent !== undefined) self.set(parent.name, (self.get(parent.name) ?? 0) - (slice.dur ?? 0));
    self.set(slice.name, (self.get(slice.name) ?? 0) + (slice.dur ?? 0));
    stack.push(slice);
  }
  return self;
}
