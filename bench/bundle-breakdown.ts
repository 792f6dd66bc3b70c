/**
 * Where a budgeted bundle's bytes are (decision 0013): `npx tsx bench/bundle-breakdown.ts <entry>`
 * with an entry name of bench/bundle-size.ts (`parserJson`, `responseJson`, `patchStreamPage`, `responsePage`, …). Groups the eager
 * chunks' modules by area, by Rollup's rendered length (tree-shaken, before minification), and splits
 * the measured min+gzip size in proportion — an estimate per area, exact in total. `--modules` also
 * lists every module.
 */
import { bundleChunks, ENTRIES, gzip } from './bundle-size';

const AREAS: readonly [string, RegExp][] = [
  ['json stream parser (formats/, createStreamParser, reconcile, registry, text)', /src\/formats\//],
  ['reasoning split', /src\/reasoning\//],
  [
    'response core (create/run/attempt, event log, meta, prompt, retry)',
    /src\/(response\/(?!validation|check-)|prompt\/)/,
  ],
  ['validation stages', /src\/response\/validation\//],
  ['schema input (defineOutput, JSON Schema, Standard Schema, toJSONSchema, selectFormat)', /src\/schema\//],
  ['store', /src\/store\/(?!check-)/],
  ['transport (fetch, SSE)', /src\/transport\/(?!check-)/],
  ['providers', /src\/providers\/(?!check-)/],
  ['input checks', /check-|errors\/check-argument/],
  ['error classes', /src\/errors\//],
  ['paths and patches', /src\/patch\//],
  ['patch stream reader (wire events, codec, resume)', /src\/patch-stream\//],
  ['tool calls', /src\/tools\//],
  ['React hooks (@fieldstream/react)', /^packages\/react\//],
  // A dependency of @fieldstream/core, bundled as an app bundles it (bench/bundle-size.ts).
  ['zustand (the vanilla store)', /node_modules\/zustand\//],
  // Vite's helper for `import()` (preloads a lazy chunk's imports): in a bundle with any dynamic import.
  ['Vite preload helper', /vite\/preload-helper/],
  ['bundler runtime (Rolldown)', /rolldown\/runtime/],
];

const name = process.argv[2] as keyof typeof ENTRIES;
if (!(name in ENTRIES)) throw new Error(`entry name expected, one of: ${Object.keys(ENTRIES).join(', ')}`);
const { eager } = await bundleChunks(ENTRIES[name]);
const measured = gzip(eager.map((chunk) => chunk.code).join('\n'));
const modules = eager
  .flatMap((chunk) =>
    Object.entries(chunk.modules).map(([id, info]) => ({
      id: id.replace(/^.*?\/packages\//, 'packages/').replace(/^\0/, ''),
      size: info.renderedLength,
    })),
  )
  // The entry file itself re-exports only; everything else (the packages, Vite's helpers) counts.
  .filter((module) => module.size > 0);
const total = modules.reduce((sum, module) => sum + module.size, 0);
const areas = new Map<string, number>();
for (const module of modules) {
  const area = AREAS.find(([, pattern]) => pattern.test(module.id))?.[0] ?? `other: ${module.id}`;
  areas.set(area, (areas.get(area) ?? 0) + module.size);
}
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`${name}: ${kb(measured)} min+gzip loaded at once; ${kb(total)} rendered\n`);
console.log('| area | rendered | share | ≈ min+gzip |\n|---|---:|---:|---:|');
for (const [area, size] of [...areas].sort((a, b) => b[1] - a[1])) {
  console.log(`| ${area} | ${kb(size)} | ${Math.round((100 * size) / total)}% | ${kb((measured * size) / total)} |`);
}
if (process.argv.includes('--modules')) {
  console.log('\n| module | rendered |\n|---|---:|');
  for (const module of modules.sort((a, b) => b.size - a.size)) console.log(`| ${module.id} | ${module.size} |`);
}
