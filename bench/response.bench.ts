/**
 * `npm run bench -- response`: a whole response (scripted model → createResponse → instant events
 * → getData) over ~150 KB and ~600 KB JSON answers in 20-character chunks, beside the bare stream
 * parser on the same text. Shows the response layer's overhead and that it stays linear.
 */
import { createResponse, createStreamParser, scriptedModel } from '../packages/core/src/index';
import { chunkText, measure, printTable } from './harness';
import { benchDocument } from './json-documents';

async function runResponse(answer: string): Promise<number> {
  const response = createResponse({
    model: scriptedModel({ answers: [answer], chunkSize: 20 }),
    input: 'report',
    format: 'json',
  });
  let events = 0;
  for await (const _ of response.instant()) events++;
  await response.getData();
  return events;
}

function runParser(chunks: readonly string[]): number {
  const parser = createStreamParser({ format: 'json' });
  let events = 0;
  for (const chunk of chunks) events += parser.push(chunk).length;
  return events + parser.finish().length;
}

/** Medians of async runs (the harness's `measure` is synchronous). */
async function medianAsync(run: () => Promise<unknown>, runs = 7): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1] ?? Number.NaN;
}

export default async function responseBench(): Promise<void> {
  const results: Record<string, number> = {};
  for (const size of [150_000, 600_000]) {
    const answer = benchDocument(size);
    const chunks = chunkText(answer, 7, 20, 20);
    const [parser] = measure([{ name: 'parser', run: () => runParser(chunks) }]);
    const responseMs = await medianAsync(() => runResponse(answer));
    const label = `${Math.round(answer.length / 1000)} KB`;
    printTable(
      `response vs bare parser, ${label} JSON in 20-char chunks`,
      [
        { name: 'createStreamParser (floor)', medianMs: parser?.medianMs ?? Number.NaN, runs: 7 },
        { name: 'createResponse + instant() + getData()', medianMs: responseMs, runs: 7 },
      ],
      'createStreamParser (floor)',
      answer.length,
    );
    results[size] = responseMs;
  }
  const ratio = (results[600_000] ?? Number.NaN) / (results[150_000] ?? Number.NaN);
  console.log(`\nlinearity: 600 KB time / 150 KB time = ${ratio.toFixed(2)} (4.0 = linear)`);
}
