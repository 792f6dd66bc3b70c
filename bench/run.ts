/**
 * `npm run bench`: runs every `bench/*.bench.ts` suite in one process and prints its tables.
 * A suite's default export is an async function that measures and prints. Pass suite names as
 * arguments to run only those (`npm run bench -- json`).
 */
import './register-formats';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const only = process.argv.slice(2);
const dir = import.meta.dirname;
const suites = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();

console.log(`# Fieldstream benchmarks (node ${process.version}, ${new Date().toISOString()})`);
for (const file of suites) {
  const suite = (await import(join(dir, file))) as { default: () => Promise<void> | void };
  await suite.default();
}
