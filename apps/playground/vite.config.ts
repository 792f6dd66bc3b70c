import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import react from '@vitejs/plugin-react';
import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { fieldstreamApi } from './server/vite-plugin.ts';

export default defineConfig({
  // React for the playground itself; Vue and Svelte for the pages that show those bindings.
  plugins: [react(), vue(), svelte(), fieldstreamApi()],
  // Run the workspace packages from src/ through their `@fieldstream/source` export condition.
  resolve: { conditions: ['@fieldstream/source', 'module', 'browser', 'development|production'] },
  // ES-module workers (both are created with `{ type: 'module' }`), split into chunks like the main
  // bundle: the `yaml` package that yaml_literal imports on demand stays a separate chunk, loaded only
  // when a document needs it. Vite's default worker format, 'iife', inlines it into the worker script.
  worker: { format: 'es' },
  build: {
    // Two pages: the playground, and behaviour.html, the core's behaviour suite against a real Worker
    // (e2e/behaviour.spec.ts).
    rolldownOptions: {
      // The in-page API imports `@fieldstream/server` (resumable answers, `toNodeHandler`), whose entry
      // also re-exports the Redis log. Without this the bundler compiles every re-exported module of
      // that side-effect-free entry, unused or not, and walks `redis` down to `node:net`; with it only
      // the modules the page uses are loaded (e2e/static.spec.ts checks dist/ holds no server module).
      experimental: { lazyBarrel: true },
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        behaviour: fileURLToPath(new URL('./behaviour.html', import.meta.url)),
      },
    },
  },
  // A port already taken is an error, never a silent move to the next one (`npm start -- --port N`).
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
