/**
 * `npm run bench -- worker`: Chromium (/usr/bin/chromium or FIELDSTREAM_CHROMIUM) loads a production
 * build of bench/worker-page/ and streams from a paced SSE endpoint (OpenAI chat chunks every ~2 ms,
 * served by the preview server) into `LiveForm`s: one 500-field form at 20 000 tokens/s, and a
 * 6-tile dashboard (6 × 50 fields, 20 000 tokens/s in all). Each case runs with the response parsed
 * on the page (`createResponse`) and in the package's Worker (`createWorkerResponse`), in the same
 * run, alternating. Reported while the answers stream: fps, long tasks on the page's main thread,
 * and the latency of clicks sent every 150 ms (input event → the first frame after the handler).
 * Each form sits in a 300 px scrolling tile (a dashboard tile), so layout is bounded and the rows
 * differ by where the parse runs. Wall-clock figures: on a loaded machine (load average in the title) compare rows of one run.
 * Target with the Worker: no long task over 50 ms and ≥ 58 fps.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { type Browser, type CDPSession, chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build, type Plugin, preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { port } from '../e2e/ports';
import { benchAnswer } from './browser/page-protocol';
import type { WorkerBenchConfig, WorkerBenchResult } from './worker-page/page-protocol';

const SECONDS = 4;
/** Runs per case; the table shows the run with the median fps. */
const RUNS = 3;
const root = join(import.meta.dirname, 'worker-page');
const outDir = join(root, 'dist');
const conditions = ['@fieldstream/source', 'module', 'browser', 'development|production'];
const CASES = [
  { name: '500 fields, 20 000 tokens/s', tiles: 1, fields: 500, tokensPerSecond: 20_000 },
  { name: '6-tile dashboard (6 × 50 fields, 6 × 3 333 tokens/s)', tiles: 6, fields: 50, tokensPerSecond: 3_333 },
];

export default async function workerBench(): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: { conditions },
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true },
  });
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [pacedStream()],
    build: { outDir },
    preview: { port: port('FIELDSTREAM_BENCH_WORKER_PORT'), strictPort: false, host: '127.0.0.1' },
  });
  const url = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4210/';
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const load = loadavg()[0] ?? 0;
  const rows: Row[] = [];
  try {
    for (const benchCase of CASES) {
      const runs: Record<WorkerBenchConfig['mode'], Measured[]> = { main: [], worker: [] };
      for (let i = 0; i < RUNS; i++) {
        for (const mode of ['main', 'worker'] as const) {
          const { name: _name, ...rest } = benchCase;
          runs[mode].push(await runPage(browser, url, { ...rest, mode, seconds: SECONDS }));
        }
      }
      for (const mode of ['main', 'worker'] as const) {
        const sorted = [...runs[mode]].sort((a, b) => a.fps - b.fps);
        rows.push({ name: benchCase.name, mode, median: sorted[sorted.length >> 1] as Measured, runs: sorted });
      }
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
  print(rows, browser.version(), load);
}

/** A page's result plus the main thread's busy share over the stream (CDP TaskDuration). */
type Measured = WorkerBenchResult & { busyPercent: number };
type Row = { name: string; mode: WorkerBenchConfig['mode']; median: Measured; runs: Measured[] };

/** One run in a fresh page, clicking the probe button every 150 ms while it streams. */
async function runPage(browser: Browser, url: string, config: WorkerBenchConfig): Promise<Measured> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`worker bench page error: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => 'runBench' in window);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const before = await taskMs(cdp);
  let running = true;
  const result = page
    .evaluate(
      (pageConfig) =>
        (window as unknown as { runBench(c: WorkerBenchConfig): Promise<WorkerBenchResult> }).runBench(pageConfig),
      config,
    )
    .finally(() => {
      running = false;
    });
  const box = await page.locator('#probe').boundingBox();
  await new Promise((resolve) => setTimeout(resolve, 300));
  while (running && box !== null) {
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const out = await result;
  const busy = (await taskMs(cdp)) - before;
  await page.close();
  if (out.shownChars < config.tiles * config.fields)
    throw new Error(`worker bench: the page showed ${out.shownChars} chars`);
  return { ...out, busyPercent: (busy / out.streamMs) * 100 };
}

/** The renderer main thread's time in tasks so far (Chromium's Performance metrics). */
async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return (metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** `POST /sse/<fields>/<tokens per s>/<seconds>/<tile>/chat/completions`: the answer as OpenAI chat chunks, paced by the clock. */
function pacedStream(): Plugin {
  const serve = (request: IncomingMessage, response: ServerResponse, next: () => void) => {
    const match = /^\/sse\/(\d+)\/(\d+)\/(\d+)\/\d+\/chat\/completions/.exec(request.url ?? '');
    if (match === null) return next();
    const [fields, rate, seconds] = match.slice(1).map(Number) as [number, number, number];
    const { answer } = benchAnswer(fields, rate * seconds);
    request.resume();
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const start = performance.now();
    let sent = 0;
    const tokens = Math.ceil(answer.length / 4);
    const tick = () => {
      const due = Math.min(tokens, Math.floor(((performance.now() - start) / 1000) * rate));
      if (due > sent) {
        const content = answer.slice(sent * 4, due * 4);
        response.write(`data: ${JSON.stringify({ id: 'bench', choices: [{ index: 0, delta: { content } }] })}\n\n`);
        sent = due;
      }
      if (sent >= tokens) response.end('data: [DONE]\n\n');
      else setTimeout(tick, 2);
    };
    tick();
  };
  return { name: 'paced-stream', configurePreviewServer: (server) => void server.middlewares.use(serve) };
}

function print(rows: Row[], version: string, load: number): void {
  console.log(
    `\n### Worker: parsing on the page vs in a Worker (Chromium ${version}, production build, ${SECONDS} s streams, median of ${RUNS} runs by fps, load average ${load.toFixed(1)})\n`,
  );
  console.log(
    '| case | parsed | stream s | fps (min–max of runs) | long tasks | longest ms | total blocking ms | main thread busy % | click → next frame ms (median / max) |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  const verdicts: string[] = [];
  for (const { name, mode, median, runs } of rows) {
    const sorted = [...median.clicks].sort((a, b) => a - b);
    const clickMedian = sorted[sorted.length >> 1] ?? 0;
    console.log(
      `| ${name} | ${mode === 'worker' ? 'in a Worker' : 'on the page'} | ${(median.streamMs / 1000).toFixed(2)} | ${median.fps.toFixed(1)} (${runs[0]?.fps.toFixed(0)}–${runs.at(-1)?.fps.toFixed(0)}) | ${median.longTasks}${median.longTasks === 0 ? '' : ` (at ${median.longTaskStarts.map((at) => at.toFixed(0)).join(', ')} ms)`} | ${median.longestTaskMs.toFixed(0)} | ${median.totalBlockingMs.toFixed(0)} | ${median.busyPercent.toFixed(0)} | ${clickMedian.toFixed(0)} / ${Math.max(0, ...sorted).toFixed(0)} (${sorted.length} clicks) |`,
    );
    if (mode === 'worker') {
      const met = median.fps >= 58 && median.longestTaskMs <= 50;
      verdicts.push(`${name}: ${met ? 'met' : 'MISSED'}`);
    }
  }
  console.log(`\nTarget with the Worker, ≥ 58 fps and no long task over 50 ms: ${verdicts.join('; ')}.`);
}
