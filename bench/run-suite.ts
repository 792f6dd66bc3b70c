/**
 * Runs one `bench/*.bench.ts` suite (`node --import tsx bench/run-suite.ts json.bench.ts`): what
 * `npm run bench` starts in a fresh process per suite, so one suite's heap and compiled code never
 * colour the next one's figures. Prints what the suite prints.
 */
import './register-formats';
import { join } from 'node:path';

const file = process.argv[2];
if (file === undefined || !file.endsWith('.bench.ts')) throw new Error('a bench/*.bench.ts file name expected');
const suite = (await import(join(import.meta.dirname, file))) as { default: () => Promise<void> | void };
await suite.default();
