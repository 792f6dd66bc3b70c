// svelte/server's `render` needs components compiled for the server, and the svelte project's tests
// compile for the browser (jsdom): a Vite server in SSR mode, rooted where vitest runs (the
// repository), compiles and loads IdleTree for it.

import type { FieldStore } from '@fieldstream/core';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { createServer, type ViteDevServer } from 'vite';
import type { FormOutput } from '../../../core/test/bindings/binding-suite';

const conditions = ['@fieldstream/source', 'module', 'development|production'];
let server: Promise<ViteDevServer> | undefined;

/** The HTML `svelte/server` renders for a LiveForm then a FieldProgress over `store`. */
export async function renderIdleTree(store: FieldStore, output: FormOutput): Promise<string> {
  server ??= createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'silent',
    plugins: [svelte()],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: conditions } },
  });
  const vite = await server;
  const loaded = (await vite.ssrLoadModule(
    '/packages/svelte/test/support/render-idle-tree.ts',
  )) as typeof import('./render-idle-tree');
  return loaded.renderIdleTree(store, output);
}

/** Closes the Vite server, if one was started. */
export async function closeServerRenderer(): Promise<void> {
  const started = server;
  server = undefined;
  await (await started)?.close();
}
