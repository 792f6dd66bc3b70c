// docs/guides/debugging-and-testing.md: every snippet is a file of this repository verbatim, so what
// the guide shows runs in `npm test` (the Vitest examples here, the Playwright one in e2e/) or, for
// the server's, compiles in a type test.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const guide = read('docs/guides/debugging-and-testing.md');
const snippets = [...guide.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => match[1] as string);

const folder = (path: string) =>
  readdirSync(join(root, path))
    .filter((file) => file.endsWith('.ts'))
    .map((file) => read(`${path}/${file}`));

describe('the debugging and testing guide', () => {
  it('holds five snippets, each in a file that runs or compiles', () => {
    const sources = [
      ...folder('packages/core/test/guides'),
      ...folder('packages/core/test/readme'),
      ...folder('packages/server/test/readme'),
      read('e2e/replay.spec.ts'),
    ];
    expect(snippets).toHaveLength(5);
    for (const snippet of snippets) expect(sources.some((source) => source.includes(snippet))).toBe(true);
  });

  it('shows the Vitest examples and the Playwright example whole', () => {
    expect(snippets).toContain(read('packages/core/test/guides/replay-a-recorded-answer.test.ts'));
    expect(snippets).toContain(read('packages/core/test/guides/replay-a-provider-answer.test.ts'));
    expect(snippets.some((snippet) => snippet.startsWith("import { expect, test } from '@playwright/test';"))).toBe(
      true,
    );
  });
});
