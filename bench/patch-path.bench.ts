/**
 * `npm run bench -- patch-path`: the files a patch crosses from the provider's bytes to a field's
 * view (issue 46's "path"), measured, not listed by hand: the probe (bench/patch-path-probe.ts)
 * streams answers of N and 2N items under V8's block coverage, and a function whose call count
 * grows with the answer runs per token; its file is on the path. In the page (openAIChat's SSE
 * through a response and a store to a UI-layer view) and the browser's side of a patch stream
 * (fromPatchStream into the same store and view). A binding adds its hook's file or two
 * (`packages/react/src/use-field-store.ts`, `use-instant-field.ts`), per frame, not per token.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const probe = join(import.meta.dirname, 'patch-path-probe.ts');
const SMALL = 200;
/** Test helpers the probe uses to make its input: not on the path. */
const NOT_ON_THE_PATH = /\/testing\/|patch-path-probe/;

type Counts = Map<string, number>;

/** Per function (file and position), how often it ran in one probe process. */
function coverage(args: string[]): Counts {
  const dir = mkdtempSync(join(tmpdir(), 'fieldstream-path-'));
  try {
    execFileSync(process.execPath, ['--import', 'tsx', probe, ...args], {
      env: { ...process.env, NODE_V8_COVERAGE: dir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const counts: Counts = new Map();
    for (const name of readdirSync(dir)) {
      const { result } = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
        result: { url: string; functions: { ranges: { startOffset: number; count: number }[] }[] }[];
      };
      for (const script of result) {
        const file = /\/(packages\/.*)$/.exec(script.url)?.[1];
        if (file === undefined || NOT_ON_THE_PATH.test(file)) continue;
        for (const fn of script.functions) {
          const range = fn.ranges[0];
          if (range === undefined) continue;
          const key = `${file}@${range.startOffset}`;
          counts.set(key, (counts.get(key) ?? 0) + range.count);
        }
      }
    }
    return counts;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The files with a function that ran about twice as often for twice the answer. */
function perTokenFiles(small: Counts, large: Counts): string[] {
  const files = new Set<string>();
  for (const [key, count] of large) {
    const before = small.get(key) ?? 0;
    if (count - before >= SMALL / 2 && count >= before * 1.5) files.add(key.slice(0, key.lastIndexOf('@')));
  }
  return [...files].sort();
}

function table(title: string, files: string[]): string {
  const folders = new Map<string, string[]>();
  for (const file of files) {
    const folder = file.replace(/^packages\/core\/src\//, '').replace(/\/[^/]+$/, '');
    folders.set(folder, [...(folders.get(folder) ?? []), file.slice(file.lastIndexOf('/') + 1)]);
  }
  const rows = [...folders].map(([folder, names]) => `| ${folder} | ${names.length} | ${names.join(', ')} |`);
  return [`### ${title}: ${files.length} files`, '', '| folder | files | which |', '|---|---:|---|', ...rows].join(
    '\n',
  );
}

export default function patchPath(): void {
  const page = perTokenFiles(coverage([String(SMALL), 'page']), coverage([String(SMALL * 2), 'page']));
  const dir = mkdtempSync(join(tmpdir(), 'fieldstream-wire-'));
  let wire: string[];
  try {
    const files = [SMALL, SMALL * 2].map((tokens) => {
      const file = join(dir, `wire-${tokens}.txt`);
      execFileSync(process.execPath, ['--import', 'tsx', probe, String(tokens), 'make', file], { stdio: 'inherit' });
      return file;
    });
    wire = perTokenFiles(
      coverage([String(SMALL), 'wire', files[0] as string]),
      coverage([String(SMALL * 2), 'wire', files[1] as string]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const added = wire.filter((file) => !page.includes(file));
  console.log('## The path of a patch: files run per token (V8 block coverage, N and 2N items)\n');
  console.log(table("In the page: openAIChat's bytes to a store view", page));
  console.log();
  console.log(table("Over the wire, the browser's side: fromPatchStream's bytes to a store view", wire));
  console.log();
  console.log(
    `Targets: ≤ 20 files in the page (${page.length}: ${page.length <= 20 ? 'met' : 'not met'}); ` +
      `over the wire the browser adds ≤ 4 files to the page's store path (${added.length}: ${added.length <= 4 ? 'met' : 'not met'}: ${added.map((file) => file.slice(file.lastIndexOf('/') + 1)).join(', ')}).`,
  );
}
