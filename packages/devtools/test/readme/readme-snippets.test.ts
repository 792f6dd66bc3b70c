// Every TypeScript snippet of packages/devtools/README.md appears verbatim in a type test beside
// this file (which the `types` project compiles), and its links are absolute (it is the npm page).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
const typeTests = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.test-d.ts'))
  .map((file) => readFileSync(join(import.meta.dirname, file), 'utf8'))
  .join('\n');

it('holds each TypeScript snippet of the README in a type test', () => {
  const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1]);
  expect(blocks).toHaveLength(2);
  for (const block of blocks) expect(typeTests).toContain(block);
});

it('links only to absolute addresses', () => {
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
  expect(links.filter((link) => !link.startsWith('https://'))).toEqual([]);
});

it('names every public export in its reference', () => {
  const names = [
    'AttachedRun',
    'FieldstreamDevtools',
    'defineDevtools',
    'DEVTOOLS_TAG',
    'DEVTOOLS_HOOK',
    'AttachOptions',
    'DevtoolsView',
    'WatchedStore',
  ];
  expect(names.filter((name) => !readme.includes(`| \`${name}`))).toEqual([]);
});
