// Every TypeScript snippet of the README and of the React guide is type-checked: each one appears
// verbatim in a `test/readme/*.test-d.ts(x)` file of a package, which the `types` project compiles.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../../..');

function snippets(doc: string): { lang: string; code: string }[] {
  const text = readFileSync(join(root, doc), 'utf8');
  return [...text.matchAll(/^```(ts|tsx)\n([\s\S]*?)^```$/gm)].map((match) => ({
    lang: match[1] as string,
    code: match[2] as string,
  }));
}

function typeTestSources(): string {
  const sources: string[] = [];
  for (const pkg of readdirSync(join(root, 'packages'))) {
    const dir = join(root, 'packages', pkg, 'test', 'readme');
    let files: string[];
    try {
      files = readdirSync(dir);
    } catch {
      continue;
    }
    for (const file of files) {
      if (/\.test-d\.tsx?$/.test(file)) sources.push(readFileSync(join(dir, file), 'utf8'));
    }
  }
  return sources.join('\n');
}

describe.each([
  ['README.md', 4],
  ['docs/guides/react.md', 4],
])('%s snippets', (doc, count) => {
  const found = snippets(doc);
  const sources = typeTestSources();

  it('finds the TypeScript snippets', () => {
    expect(found.map((s) => s.lang)).toContain('tsx');
    expect(found.length).toBeGreaterThanOrEqual(count);
  });

  it.each(found.map((snippet, index) => [index, snippet] as const))('snippet %i is in a type test', (_, snippet) => {
    expect(sources).toContain(snippet.code);
  });
});
