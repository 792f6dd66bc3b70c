/**
 * What an application pays for an import: bundles a one-line entry with Vite (Rollup, minified,
 * ESM, es2022) from the packages' sources (the `@fieldstream/source` condition) and measures it.
 * React and zod stay external (an app has React anyway; zod as the issue measured the AI SDK's
 * `experimental_useObject`, the peer row). zustand is bundled: it is a dependency of
 * `@fieldstream/core`, so an app that uses the store ships it (issue 29 measured it so). `yaml` is
 * bundled too, so a bundle that reaches it shows it. Shared by `npm run bench -- bundle` and the
 * budgets in `npm run test:size`.
 * `measureWorker` measures the Worker script an entry creates instead, bundled as Vite bundles an
 * ES-module worker (`worker: { format: 'es' }`), with everything it imports.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { build, type Plugin, type Rollup } from 'vite';

const root = new URL('..', import.meta.url).pathname;

/** A bundle's size: its eagerly loaded chunks, and the chunks it may load later. */
export type BundleSize = {
  /** Minified + gzip bytes of the chunks the entry loads at once (joined, gzipped together). */
  gzip: number;
  /** Minified bytes of those chunks. */
  raw: number;
  /** Minified + gzip bytes of the chunks loaded on demand (dynamic imports). */
  lazyGzip: number;
  /** Whether an eager chunk contains the `yaml` package. */
  eagerYaml: boolean;
  /** Whether any chunk contains the `yaml` package. */
  anyYaml: boolean;
  /** Whether Vite's preload helper (bundled with any dynamic `import()`) is in an eager chunk. */
  preloadHelper: boolean;
};

export const gzip = (code: string): number => gzipSync(code, { level: 9 }).length;
const hasYaml = (chunk: Rollup.OutputChunk): boolean =>
  Object.keys(chunk.modules).some((id) => /node_modules\/yaml\//.test(id));

/** The chunks of `source` (an entry module's text) bundled as an app would; `eager` load at once. */
export async function bundleChunks(
  source: string,
  externalCore = false,
): Promise<{ chunks: Rollup.OutputChunk[]; eager: Rollup.OutputChunk[] }> {
  const result = (await build(appBuild(source, externalCore))) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const chunks = (Array.isArray(result) ? result : [result])
    .flatMap((r) => r.output)
    .filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  // A chunk the entry imports statically (a module shared with a lazy chunk) loads at once too.
  return { chunks, eager: staticClosure(chunks) };
}

/** Vite's config for bundling `source` (an entry module's text) as an application would. */
function appBuild(source: string, externalCore: boolean): Parameters<typeof build>[0] {
  // The entry is a real file inside the repository so that workspace packages resolve from it.
  const dir = join(root, 'node_modules', '.cache', 'fieldstream-bundle-size');
  mkdirSync(dir, { recursive: true });
  // Named by its text, not at random: the chunks' hashed file names (which the entry's preload map
  // spells out) follow from the entry's name, and a random one moved the gzip size by a few bytes
  // from run to run. Written aside and renamed, so parallel runs never read it half-written.
  const entry = join(dir, `entry-${createHash('sha256').update(source).digest('hex').slice(0, 16)}.ts`);
  const aside = `${entry}.${process.pid}`;
  writeFileSync(aside, source);
  renameSync(aside, entry);
  return {
    root,
    logLevel: 'silent',
    configFile: false,
    // Svelte components are compiled by the app that imports them (@fieldstream/svelte ships them as source).
    plugins: [svelte({ configFile: false })],
    resolve: { conditions: ['@fieldstream/source', 'module', 'browser', 'production'] },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      // An application build, not library mode: Vite's library mode keeps whitespace in ES output
      // (for the consumer's bundler to minify), which is not what an app ships.
      rollupOptions: {
        input: entry,
        // The entry keeps its exports (else nothing would be left to measure) and, like an app's entry
        // (Vite builds one with `false`), may export more: a module shared by the entry and a lazy
        // chunk then stays in the entry chunk. `'strict'` split each such module into a chunk of its
        // own, and their imports and exports cost ~0.46 KB gzip that an app does not pay (decision 0013).
        preserveEntrySignatures: 'allow-extension',
        output: { format: 'es' },
        // The frameworks an app has anyway; with `externalCore`, core and its entries (a binding's own bytes).
        external: (id) =>
          /^(react|react-dom|zod|vue|svelte)(\/|$)/.test(id) ||
          (externalCore && (id === '@fieldstream/core' || id.startsWith('@fieldstream/core/'))),
      },
    },
  };
}

/**
 * The chunks of each Worker script `source` creates (`new Worker(new URL(…, import.meta.url))`),
 * bundled as Vite bundles a worker with `worker: { format: 'es' }`: split into chunks like the app,
 * with nothing external (a worker has no app around it). `entry` is the worker's first chunk.
 */
export async function bundleWorkerChunks(
  source: string,
): Promise<{ entry: Rollup.OutputChunk; chunks: Rollup.OutputChunk[]; eager: Rollup.OutputChunk[] }[]> {
  const workers: Rollup.OutputChunk[][] = [];
  // Vite bundles each worker in its own build, with fresh instances of these plugins.
  const captureChunks = (): Plugin => ({
    name: 'fieldstream-worker-chunks',
    generateBundle(_options, bundle) {
      workers.push(Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk'));
    },
  });
  await build({ ...appBuild(source, false), worker: { format: 'es', plugins: () => [captureChunks()] } });
  return workers.map((chunks) => {
    const eager = staticClosure(chunks);
    const entry = eager[0];
    if (entry === undefined) throw new Error('a worker build has no entry chunk');
    return { entry, chunks, eager };
  });
}

/** Bundles `source` (an entry module's text) and measures it. `externalCore` keeps @fieldstream/core out. */
export async function measureBundle(source: string, externalCore = false): Promise<BundleSize> {
  return sizeOf(await bundleChunks(source, externalCore));
}

/**
 * Measures the one Worker script `source` creates (see `bundleWorkerChunks`); `entry` names its
 * first chunk. Throws when `source` creates no worker or several.
 */
export async function measureWorker(source: string): Promise<BundleSize & { entry: string }> {
  const workers = await bundleWorkerChunks(source);
  const [worker] = workers;
  if (worker === undefined || workers.length > 1) {
    throw new Error(`expected one Worker script bundled from \`${source}\`, found ${workers.length}`);
  }
  return { ...sizeOf(worker), entry: worker.entry.fileName };
}

function sizeOf({ chunks, eager }: { chunks: Rollup.OutputChunk[]; eager: Rollup.OutputChunk[] }): BundleSize {
  const lazy = chunks.filter((chunk) => !eager.includes(chunk));
  const eagerCode = eager.map((chunk) => chunk.code).join('\n');
  return {
    gzip: gzip(eagerCode),
    raw: Buffer.byteLength(eagerCode),
    lazyGzip: lazy.reduce((sum, chunk) => sum + gzip(chunk.code), 0),
    eagerYaml: eager.some(hasYaml),
    anyYaml: chunks.some(hasYaml),
    preloadHelper: eager.some((chunk) => Object.keys(chunk.modules).some((id) => id.includes('vite/preload-helper'))),
  };
}

/** The entry chunks and every chunk they import statically, transitively. */
function staticClosure(chunks: readonly Rollup.OutputChunk[]): Rollup.OutputChunk[] {
  const eager = chunks.filter((chunk) => chunk.isEntry);
  for (let i = 0; i < eager.length; i++) {
    for (const name of (eager[i] as Rollup.OutputChunk).imports) {
      const chunk = chunks.find((candidate) => candidate.fileName === name);
      if (chunk !== undefined && !eager.includes(chunk)) eager.push(chunk);
    }
  }
  return eager;
}

/** The entries the bench and the budgets measure, by name. */
export const ENTRIES = {
  parserJson: "export { createStreamParser } from '@fieldstream/core';",
  responseJson: "export { createResponse, openAIChat, createFieldStore } from '@fieldstream/core';",
  wholeCore: "export * from '@fieldstream/core';",
  react: "export * from '@fieldstream/react';",
  vue: "export * from '@fieldstream/vue';",
  svelte: "export * from '@fieldstream/svelte';",
  elements: "export * from '@fieldstream/elements'; import '@fieldstream/elements/define';",
  /** What an app pays to do `useObject`'s job: the server streams, the page renders per field. */
  patchStreamPage:
    "export { createFieldStore } from '@fieldstream/core';\n" +
    "export { fromPatchStream } from '@fieldstream/core/patch-stream';\n" +
    "export { useFinalData, useInstantField, useStreamStatus } from '@fieldstream/react';",
  /**
   * The same job done all in the page: the model called from the browser, parsed here, rendered per
   * field (the response entry with the three hooks and `useResponse`).
   */
  responsePage:
    "export { createResponse, openAIChat, createFieldStore } from '@fieldstream/core';\n" +
    "export { useFinalData, useInstantField, useResponse, useStreamStatus } from '@fieldstream/react';",
  /**
   * The peer of `patchStreamPage`: the AI SDK's hook for the same job (`@ai-sdk/react`, a
   * devDependency for this measurement only; zod external, as an app that passes a zod schema has it).
   */
  aiSdkUseObject: "export { experimental_useObject } from '@ai-sdk/react';",
  /** Creates the package's own worker script (`createWorkerResponse`'s default worker). */
  worker: "export { createWorkerResponse } from '@fieldstream/core/worker';",
  /** Record & replay, and the file form of a recording (a development and test entry). */
  recording: "export * from '@fieldstream/core/recording';",
} as const;

/** Each optional format's definition, by wire name: the added cost of `formats: [definition]`. */
export const FORMAT_DEFINITIONS = {
  hybrid: 'hybridFormat',
  xml_field: 'xmlFieldFormat',
  yaml_literal: 'yamlLiteralFormat',
  flat_markdown: 'flatMarkdownFormat',
} as const;

/** The response entry plus one format's definition. */
export const responseWith = (definition: string): string =>
  `export { createResponse, openAIChat, createFieldStore, ${definition} } from '@fieldstream/core';`;

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
