import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UserConfig } from 'tsdown';

/** The part of a package.json `exports` entry the build reads. */
interface ExportTarget {
  types?: string;
  '@fieldstream/source'?: string;
  default?: string;
}

/**
 * The tsdown build every published package shares (see docs/decisions/0010-packaging.md).
 *
 * The package's own `exports` map is the one list of entry points: each subpath's `default`
 * (`./dist/<name>.js`) names an entry built from `src/<name>.ts` (or `.tsx`). Adding an entry is
 * adding an `exports` block and its `src/` file; nothing here changes.
 */
export function libraryConfig(packageDir: string = process.cwd()): UserConfig {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, ExportTarget | string>;
  };
  const entry: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    // A plain file (a stylesheet: "./styles.css": "./styles.css") ships as it is, unbuilt.
    if (typeof target === 'string') continue;
    const name = /^\.\/dist\/([\w-]+)\.js$/.exec(target.default ?? '')?.[1];
    if (name === undefined || target.types !== `./dist/${name}.d.ts`) {
      throw new Error(`${manifest.name}: exports["${subpath}"] must point at ./dist/<name>.js and ./dist/<name>.d.ts`);
    }
    const source = [`src/${name}.ts`, `src/${name}.tsx`].find((file) => existsSync(join(packageDir, file)));
    if (source === undefined) throw new Error(`${manifest.name}: exports["${subpath}"] has no src/${name}.ts`);
    // Tests, the playground and tsc resolve src/ through this condition: it must name the same file.
    if (target['@fieldstream/source'] !== `./${source}`) {
      throw new Error(`${manifest.name}: exports["${subpath}"]["@fieldstream/source"] must be ./${source}`);
    }
    entry[name] = source;
  }
  return {
    cwd: packageDir,
    name: manifest.name,
    entry,
    format: 'esm',
    // Runs in browsers, workers and Node alike.
    platform: 'neutral',
    target: 'es2022',
    outDir: 'dist',
    clean: true,
    // `.js` / `.d.ts` (the packages are `"type": "module"`); chunk names without hashes, so two
    // builds of the same source give the same files.
    fixedExtension: false,
    hash: false,
    // Shared chunks in a folder of their own: a chunk named after a source folder (`src/testing/`)
    // must never take an entry's file name (`testing.js`), which would move the entry aside.
    outputOptions: { chunkFileNames: 'chunks/[name].js' },
    // Node built-ins stay imports (a server package uses them; `neutral` alone would warn).
    deps: { neverBundle: [/^node:/] },
    // dependencies and peerDependencies stay external (tsdown's default); the declarations are
    // bundled per entry, so their relative imports carry extensions (NodeNext, node16).
    dts: { tsconfig: join(packageDir, '../../tsconfig.json') },
    sourcemap: false,
    // The declaration pass dominates every build; the notice says so on each run and nothing more.
    checks: { pluginTimings: false },
    minify: false,
  };
}
