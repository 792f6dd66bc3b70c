/**
 * `npm run bench -- bundle`: the core's bundle size is a product metric. Builds entry points with
 * Vite (minified, ESM, dependencies external) in memory and prints raw and gzip bytes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const root = new URL('..', import.meta.url).pathname;

const entries: Record<string, string> = {
  'whole @fieldstream/core': "export * from '@fieldstream/core';",
  'createStreamParser + parseOutput (all formats)':
    "export { createStreamParser, parseOutput } from '@fieldstream/core';",
  'defineOutput + createResponse + openAIChat + createFieldStore':
    "export { defineOutput, createResponse, openAIChat, createFieldStore } from '@fieldstream/core';",
  '@fieldstream/react (core external)': "export * from '@fieldstream/react';",
};

async function bundledBytes(source: string, externalCore: boolean): Promise<{ raw: number; gzip: number }> {
  // The entry is a real file inside the repository so that workspace packages resolve from it.
  const dir = join(root, 'node_modules', '.cache', 'fieldstream-bench');
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.ts');
  writeFileSync(entry, source);
  const result = (await build({
    root,
    logLevel: 'silent',
    configFile: false,
    resolve: { conditions: ['@fieldstream/source', 'module', 'browser', 'production'] },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: 'entry' },
      rollupOptions: {
        external: (id) =>
          /^(zustand|yaml|react|react-dom)(\/|$)/.test(id) || (externalCore && id === '@fieldstream/core'),
      },
    },
  })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const code = outputs
    .filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
    .map((o) => o.code)
    .join('\n');
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length };
}

export default async function bundleSizeBench(): Promise<void> {
  console.log('\n### Bundle size (minified ESM; zustand, yaml and react external; the SSE parser is our own)\n');
  console.log('| entry | min bytes | min+gzip bytes |');
  console.log('|---|---:|---:|');
  for (const [name, source] of Object.entries(entries)) {
    const { raw, gzip } = await bundledBytes(source, name.startsWith('@fieldstream/react'));
    console.log(`| ${name} | ${raw.toLocaleString('en')} | ${gzip.toLocaleString('en')} |`);
  }
}
