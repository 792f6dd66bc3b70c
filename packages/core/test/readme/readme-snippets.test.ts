// Every TypeScript snippet of the README, of the React, Vue and custom-element guides and of the
// three package READMEs (the npm pages) is type-checked: each one appears verbatim in a
// `test/readme/*.test-d.ts(x)` file of a package, which the `types` project compiles.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
  ['README.md', 4, 'tsx'],
  ['docs/guides/react.md', 4, 'tsx'],
  ['docs/guides/vue.md', 1, 'ts'],
  ['docs/guides/elements.md', 5, 'ts'],
  ['packages/core/README.md', 11, 'ts'],
  ['packages/react/README.md', 5, 'tsx'],
  ['packages/server/README.md', 3, 'ts'],
])('%s snippets', (doc, count, lang) => {
  const found = snippets(doc);
  const sources = typeTestSources();

  it('finds the TypeScript snippets', () => {
    expect(found.map((s) => s.lang)).toContain(lang);
    expect(found.length).toBeGreaterThanOrEqual(count);
  });

  it.each(found.map((snippet, index) => [index, snippet] as const))('snippet %i is in a type test', (_, snippet) => {
    expect(sources).toContain(snippet.code);
  });
});

// The package READMEs are the npm pages: a relative link would point nowhere there. Every link is
// absolute, a repository link names a file or folder that exists, and an in-page link a heading.
const REPOSITORY = 'https://github.com/fieldstream/fieldstream';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

describe.each(['packages/core/README.md', 'packages/react/README.md', 'packages/server/README.md'])(
  '%s links',
  (doc) => {
    const text = readFileSync(join(root, doc), 'utf8');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string);
    const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] as string));

    it('links to the repository, its guides and the changelog', () => {
      expect(links).toContain(REPOSITORY);
      expect(links).toContain(`${REPOSITORY}/blob/main/CHANGELOG.md`);
    });

    it.each(links)('%s resolves from the npm page', (link) => {
      if (link.startsWith('#')) {
        expect(headings).toContain(link.slice(1));
        return;
      }
      expect(link).toMatch(/^https:\/\//);
      const inRepository = /^https:\/\/github\.com\/fieldstream\/fieldstream\/(?:blob|tree)\/main\/([^#?]+)/.exec(link);
      if (inRepository !== null) expect(existsSync(join(root, inRepository[1] as string)), link).toBe(true);
    });
  },
);
