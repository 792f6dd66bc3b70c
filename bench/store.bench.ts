/**
 * `npm run bench -- store`: the field store's cost per token against the width of the container
 * being streamed into (every field or item holds the same 80-character value, so only the width
 * varies). A JSON answer is cut into 4-character tokens, parsed by the stream parser,
 * and each token's patches are applied to the store (one `apply` per token, as a bound response
 * delivers them), then once per 300 tokens (a batch per pushed chunk or frame). The tokens are
 * parsed beforehand: only the store is timed, in CPU time (process.cpuUsage: steady on a busy
 * machine; it includes GC helper threads). Targets: a 2 000-field form costs ≤ 2× a 50-field
 * form per token; a 20 000-item list ≤ 2× a 100-item list.
 */
import { createStreamParser } from '../packages/core/src/formats/create-stream-parser';
import type { StreamingData } from '../packages/core/src/patch/streaming-data';
import { createFieldStore } from '../packages/core/src/store/field-store';
import { median } from './harness';

const CHARS_PER_TOKEN = 4;
/** Characters of each field's or item's value: the same for every width, so only the width varies. */
const VALUE_CHARS = 80;
/** Tokens applied per timed run (small containers are streamed several times over). */
const TOKENS = 40_000;
const BATCH = 300;

type Case = { label: string; base: string; answer: string };

function formAnswer(fields: number): string {
  const entries = Array.from({ length: fields }, (_, i) => [`f${i}`, `w${i} `.padEnd(VALUE_CHARS, 'x')]);
  return JSON.stringify(Object.fromEntries(entries));
}

function listAnswer(items: number): string {
  return JSON.stringify({
    items: Array.from({ length: items }, (_, i) => ({ name: `n${i} `.padEnd(VALUE_CHARS, 'y') })),
  });
}

/** The patches of each token, parsed once (the parser is not what is measured). */
function tokenPatches(answer: string): StreamingData[][] {
  const parser = createStreamParser({ format: 'json' });
  const batches: StreamingData[][] = [];
  for (let i = 0; i < answer.length; i += CHARS_PER_TOKEN)
    batches.push(parser.push(answer.slice(i, i + CHARS_PER_TOKEN)));
  batches.push(parser.finish());
  return batches;
}

/** CPU µs per token of `store.apply`, batching `perApply` tokens' patches into one call. */
function storeCost(tokens: readonly StreamingData[][], perApply: number): number {
  const streams = Math.max(1, Math.round(TOKENS / tokens.length));
  const times: number[] = [];
  for (let run = 0; run < 6; run++) {
    const start = process.cpuUsage();
    for (let stream = 0; stream < streams; stream++) {
      const store = createFieldStore();
      for (let i = 0; i < tokens.length; i += perApply) {
        store.apply(perApply === 1 ? (tokens[i] as StreamingData[]) : tokens.slice(i, i + perApply).flat());
      }
    }
    const used = process.cpuUsage(start);
    if (run > 0) times.push((used.user + used.system) / 1000);
  }
  return (median(times) * 1000) / (tokens.length * streams);
}

export default async function storeBench(): Promise<void> {
  const cases: Case[] = [
    { label: '50-field form', base: 'form', answer: formAnswer(50) },
    { label: '500-field form', base: 'form', answer: formAnswer(500) },
    { label: '2 000-field form', base: 'form', answer: formAnswer(2_000) },
    { label: '100-item list', base: 'list', answer: listAnswer(100) },
    { label: '1 000-item list', base: 'list', answer: listAnswer(1_000) },
    { label: '20 000-item list', base: 'list', answer: listAnswer(20_000) },
  ];
  console.log(
    `\n### Field store: CPU µs per ${CHARS_PER_TOKEN}-char token (parser excluded), ${VALUE_CHARS}-char values\n`,
  );
  console.log(
    '| container | tokens | per token, 1 apply/token | × smallest | per token, 1 apply/300 tokens | × smallest |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  const floors = new Map<string, [number, number]>();
  const verdicts: string[] = [];
  for (const { label, base, answer } of cases) {
    const tokens = tokenPatches(answer);
    const single = storeCost(tokens, 1);
    const batched = storeCost(tokens, BATCH);
    const floor = floors.get(base) ?? [single, batched];
    floors.set(base, floor);
    const ratio = single / floor[0];
    console.log(
      `| ${label} | ${tokens.length} | ${single.toFixed(2)} | ${ratio.toFixed(2)} | ${batched.toFixed(2)} | ${(batched / floor[1]).toFixed(2)} |`,
    );
    if (label.startsWith('2 000') || label.startsWith('20 000'))
      verdicts.push(`${label} ${ratio <= 2 ? 'met' : 'MISSED'}`);
  }
  console.log(`\nTarget ≤ 2× the smallest container, 1 apply/token: ${verdicts.join('; ')}.`);
  console.log(
    `Every field or item holds ${VALUE_CHARS} characters whatever the width; small containers are streamed several times over to apply ~${TOKENS} tokens per timed run.`,
  );
  await depthTable();
}

/** Deep input (`[[[…1]]]`) through createResponse + a bound store: stops at maxDepth, or costs depth². */
async function depthTable(): Promise<void> {
  const { createResponse } = await import('../packages/core/src/index');
  const { scriptedModel } = await import('../packages/core/src/testing');
  console.log('\n### Deep nesting through createResponse + createFieldStore (20-char chunks, no retries)\n');
  console.log('| depth | maxDepth | outcome | store status | wall ms | CPU ms |');
  console.log('|---:|---:|---|---|---:|---:|');
  const rows: [number, number | undefined][] = [
    [100_000, undefined],
    [256, undefined],
    [1_000, 1_000],
    [2_000, 2_000],
  ];
  for (const [depth, maxDepth] of rows) {
    const answer = `${'['.repeat(depth)}1${']'.repeat(depth)}`;
    const response = createResponse({
      model: scriptedModel({ answers: [answer], chunkSize: 20 }),
      input: 'deep',
      format: 'json',
      maxRetries: 0,
      ...(maxDepth === undefined ? {} : { maxDepth }),
    });
    const start = performance.now();
    const cpu = process.cpuUsage();
    const store = createFieldStore(response);
    const outcome = await response.getData().then(
      () => 'complete',
      (error: Error) => error.name,
    );
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - start;
    const limit = maxDepth === undefined ? 'default (256)' : String(maxDepth);
    console.log(
      `| ${depth} | ${limit} | ${outcome} | ${store.getState().status} | ${wall.toFixed(0)} | ${((used.user + used.system) / 1000).toFixed(0)} |`,
    );
  }
  console.log('\nTarget: the 100 000-deep answer ends (complete or DepthLimitError) in under a second.');
}
