/**
 * `npm run bench -- type-cost`: what the typed paths cost the compiler (decision 0011). Generates a
 * 200-field schema and a component file that reads every field with `useInstantField` (plus the
 * lists with `useInstantList`), then runs `tsc --extendedDiagnostics` on it twice: with the store
 * typed by the schema (paths checked, values typed) and with the same store widened to
 * `FieldStore` (any string path: what the hooks cost before they were typed). The difference is
 * the price of the path types. Medians of 3 runs; the sources of core and react are compiled too.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = join(root, 'node_modules', '.cache', 'fieldstream-type-cost');
const RUNS = Number(process.env.TYPE_COST_RUNS ?? 3);

/** 200 leaf fields: 120 top-level scalars, 10 objects of 5, 6 lists of objects of 5, one 3-deep branch. */
function schemaSource(): { shape: string; paths: string[]; lists: string[] } {
  const lines: string[] = [];
  const paths: string[] = [];
  const lists: string[] = [];
  const scalar = (i: number) =>
    [`['string', 'text ${i}']`, `['integer', 'n ${i}', 'not_null']`, `['boolean']`, `[['low', 'high'], 'level', true]`][
      i % 4
    ];
  for (let i = 0; i < 120; i++) {
    lines.push(`  s${i}: ${scalar(i)},`);
    paths.push(`s${i}`);
  }
  for (let o = 0; o < 10; o++) {
    const fields = Array.from({ length: 5 }, (_, k) => `o${o}k${k}: ${scalar(k)}`);
    lines.push(`  obj${o}: { ${fields.join(', ')} },`);
    for (let k = 0; k < 5; k++) paths.push(`obj${o}.o${o}k${k}`);
  }
  for (let l = 0; l < 6; l++) {
    const fields = Array.from({ length: 5 }, (_, k) => `l${l}k${k}: ${scalar(k)}`);
    lines.push(`  list${l}: [{ ${fields.join(', ')} }],`);
    lists.push(`list${l}[*]`);
    for (let k = 0; k < 5; k++) paths.push(`list${l}[\${i}].l${l}k${k}`);
  }
  lines.push(`  deep: { a: { b: { c: ['string'], tags: [['string']] } } },`);
  paths.push('deep.a.b.c', 'deep.a.b.tags[0]');
  lists.push('deep.a.b.tags[*]');
  return { shape: `{\n${lines.join('\n')}\n}`, paths, lists };
}

function componentSource(typed: boolean): string {
  const { shape, paths, lists } = schemaSource();
  const store = typed ? 'typedStore' : 'looseStore';
  return [
    "import { createFieldStore, createResponse, defineOutput, type FieldStore } from '@fieldstream/core';",
    "import { scriptedModel } from '@fieldstream/core/testing';",
    "import { useFinalData, useInstantField, useInstantList } from '@fieldstream/react';",
    `const output = defineOutput(${shape});`,
    "const response = createResponse({ model: scriptedModel({ answers: ['{}'] }), input: 'x', output });",
    'const typedStore = createFieldStore(response);',
    'const looseStore: FieldStore = typedStore;',
    'export function Fields(i: number) {',
    `  const data = useFinalData(${store});`,
    ...lists.map((list) => `  const ${list.replace(/\W/g, '_')} = useInstantList(${store}, '${list}');`),
    ...paths.map((path, n) => `  const f${n} = useInstantField(${store}, \`${path}\`);`),
    `  return [data, ${paths.map((_, n) => `f${n}.value`).join(', ')}];`,
    '}',
    '',
  ].join('\n');
}

type Diagnostics = { instantiations: number; checkSeconds: number; cpuSeconds: number };

// tsc in a child whose own CPU time (user + system) is printed on exit: wall-clock figures swing
// with the machine's load, CPU time much less.
const TSC_WITH_CPU_TIME = `process.on('exit', () => { const u = process.cpuUsage(); console.log('CPU seconds: ' + (u.user + u.system) / 1e6); });
process.argv = [process.argv[0], 'tsc', ...process.argv.slice(1)];
require(${JSON.stringify(join(root, 'node_modules/typescript/lib/tsc.js'))});`;

function compile(typed: boolean): Diagnostics {
  const name = typed ? 'typed' : 'loose';
  writeFileSync(join(dir, `${name}.tsx`), componentSource(typed));
  const config = join(dir, `tsconfig.${name}.json`);
  writeFileSync(config, JSON.stringify({ extends: join(root, 'tsconfig.json'), include: [`${name}.tsx`] }));
  const out = execFileSync(process.execPath, ['-e', TSC_WITH_CPU_TIME, '--', '-p', config, '--extendedDiagnostics'], {
    encoding: 'utf8',
  });
  const read = (label: string) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(out)?.[1] ?? Number.NaN);
  return { instantiations: read('Instantiations'), checkSeconds: read('Check time'), cpuSeconds: read('CPU seconds') };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

export default function typeCost(): void {
  mkdirSync(dir, { recursive: true });
  const results: Record<string, Diagnostics[]> = { loose: [], typed: [] };
  // Interleaved, so both variants see the same machine load.
  for (let run = 0; run < RUNS; run++) {
    results.loose?.push(compile(false));
    results.typed?.push(compile(true));
  }
  console.log(
    '\n## Type cost: 200-field schema, 207 useInstantField + 7 useInstantList calls (tsc --extendedDiagnostics)',
  );
  console.log('');
  console.log('| store | instantiations | check time (s, wall) | tsc CPU time (s) |');
  console.log('|---|---|---|---|');
  const rows = Object.entries(results).map(([name, runs]) => {
    const row = {
      instantiations: median(runs.map((r) => r.instantiations)),
      check: median(runs.map((r) => r.checkSeconds)),
      cpu: median(runs.map((r) => r.cpuSeconds)),
    };
    console.log(
      `| ${name === 'typed' ? 'typed (paths checked)' : 'FieldStore (any string)'} | ${row.instantiations} | ${row.check.toFixed(2)} | ${row.cpu.toFixed(2)} |`,
    );
    return row;
  });
  const [loose, typed] = rows as [(typeof rows)[number], (typeof rows)[number]];
  console.log('');
  console.log(
    `extra for typed paths: +${typed.instantiations - loose.instantiations} instantiations, +${(typed.check - loose.check).toFixed(2)} s check, +${(typed.cpu - loose.cpu).toFixed(2)} s CPU (${(((typed.cpu - loose.cpu) / loose.cpu) * 100).toFixed(0)}%)`,
  );
}
