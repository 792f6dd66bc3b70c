import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { ConsumerApp } from './consumer-app';

// Files a package ships beside dist/ on purpose (its `files` field): react's opt-in stylesheet.
const assets: Record<string, string[]> = { '@fieldstream/react': ['styles.css'] };

/**
 * Each tarball the app installed holds dist/, README.md, LICENSE, package.json and its declared
 * assets only, no source maps, and the repository's LICENSE.
 */
export function expectPublishedFiles(app: ConsumerApp): void {
  const license = readFileSync(join(import.meta.dirname, '../../LICENSE'), 'utf8');
  for (const tarball of app.tarballs) {
    console.log(`${tarball.filename}: ${tarball.size} B packed, ${tarball.unpackedSize} B unpacked`);
    const outside = tarball.files.filter((file) => !file.startsWith('dist/'));
    expect(outside, tarball.name).toEqual(
      ['LICENSE', 'README.md', 'package.json', ...(assets[tarball.name] ?? [])].sort(),
    );
    expect(
      tarball.files.filter((file) => file.endsWith('.map')),
      tarball.name,
    ).toEqual([]);
    const installed = join(app.dir, 'node_modules', tarball.name);
    expect(readFileSync(join(installed, 'LICENSE'), 'utf8'), tarball.name).toBe(license);
  }
}
