/**
 * The production build of the browser-bench page (bench/browser/), shared by the bench and its
 * trace probe: React for the page and its React renderers, Vue and Svelte for those bindings'
 * `LiveForm`s, the workspace packages read from src/ as the playground reads them.
 */
import { svelte } from '@sveltejs/vite-plugin-svelte';
import react from '@vitejs/plugin-react';
import vue from '@vitejs/plugin-vue';
import { build } from 'vite';

export const benchPageRoot = import.meta.dirname;

export async function buildBenchPage(outDir: string): Promise<void> {
  await build({
    root: benchPageRoot,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react(), vue(), svelte()],
    resolve: { conditions: ['@fieldstream/source', 'module', 'browser', 'development|production'] },
    // One page holding four frameworks and the AI SDK is large by design; it is read locally, never shipped.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2_000 },
  });
}
