import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// Any attempt to load React from the core fails loudly.
vi.mock('react', () => {
  throw new Error('@fieldstream/core imported react');
});
vi.mock('react-dom', () => {
  throw new Error('@fieldstream/core imported react-dom');
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the core knows nothing of React', () => {
  it('loads its whole public API with react stubbed to throw', async () => {
    const core = await import('@fieldstream/core');
    expect(typeof core.defineOutput).toBe('function');
  });

  it('has no react, react-dom or zustand/react import in any source file', () => {
    const src = join(import.meta.dirname, '..', 'src');
    const offenders = sourceFiles(src).filter((file) =>
      /from\s+['"](react(-dom)?(\/[^'"]*)?|zustand|zustand\/react)['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('declares no React dependency', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8'));
    const all = { ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies };
    expect(Object.keys(all).filter((name) => name.startsWith('react'))).toEqual([]);
  });
});
