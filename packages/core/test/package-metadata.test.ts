// What the npm page shows beside the README: where the source, the issues and the guide live. The
// three published packages point at one repository, each at its own folder (CHANGELOG.md, and the
// package READMEs' links, use the same URL).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const REPOSITORY = 'https://github.com/fieldstream/fieldstream';

type Manifest = {
  name: string;
  keywords?: string[];
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
};

describe.each(['core', 'react', 'server'])('packages/%s/package.json', (folder) => {
  const manifest = JSON.parse(readFileSync(join(root, 'packages', folder, 'package.json'), 'utf8')) as Manifest;

  it('names the repository and its folder, the issues and the README as the homepage', () => {
    expect(manifest.repository).toEqual({
      type: 'git',
      url: `git+${REPOSITORY}.git`,
      directory: `packages/${folder}`,
    });
    expect(manifest.bugs).toEqual({ url: `${REPOSITORY}/issues` });
    expect(manifest.homepage).toBe(`${REPOSITORY}/tree/main/packages/${folder}#readme`);
  });

  it('has keywords for the registry search', () => {
    expect(manifest.keywords?.length).toBeGreaterThanOrEqual(5);
    expect(manifest.keywords).toContain('llm');
  });
});
