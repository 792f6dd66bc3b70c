import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { type Connect, createRunnableDevEnvironment, type Plugin, resolveConfig } from 'vite';
import type { ChatBackend } from './chat-backend';

// The backend with the server-only parts the environment asks for (live proxy, Redis log).
const BACKEND_MODULE = fileURLToPath(new URL('./node-backend.ts', import.meta.url));
const PLAYGROUND_ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE_CONDITION = '@fieldstream/source';
/** Answered by this server; public/ holds the static copy (`{"server": false}`). */
const SERVER_PROBE = '/playground-server.json';

/**
 * The playground's built-in model as a Vite plugin: `/api/*` on both the dev server and
 * `vite preview` (which the e2e tests use), so `npm start` works with no API key.
 */
export function fieldstreamApi(): Plugin {
  let backend: Promise<ChatBackend> | undefined;
  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url === SERVER_PROBE) {
      // The built site ships this file saying `false`: a static host serves that, this server says `true`.
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ server: true }));
      return;
    }
    if (!req.url?.startsWith('/api/')) {
      next();
      return;
    }
    backend ??= loadBackend();
    backend
      .then((loaded) => loaded.handle(req as IncomingMessage, res as ServerResponse))
      .then((handled) => {
        if (!handled) next();
      })
      .catch((error: unknown) => {
        backend = undefined;
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
      });
  };
  return {
    name: 'fieldstream-api',
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}

/**
 * The config file is bundled with every bare import left external, and the workspace packages
 * resolve to `src/` only under the `@fieldstream/source` condition. So the backend (which imports
 * `@fieldstream/core` and the presets) is loaded through a Vite module runner that knows it. The
 * runner stays open for the server's life (unlike `runnerImport`'s): core loads some modules on
 * demand (the schema stage, json's lenient reader, yaml), and a closed runner refuses them.
 */
async function loadBackend(): Promise<ChatBackend> {
  const config = await resolveConfig(
    {
      configFile: false,
      envDir: false,
      root: PLAYGROUND_ROOT,
      logLevel: 'warn',
      environments: {
        inline: {
          consumer: 'server',
          dev: { moduleRunnerTransform: true },
          resolve: {
            external: true,
            noExternal: ['@fieldstream/core', '@fieldstream/server'],
            mainFields: [],
            conditions: ['node', SOURCE_CONDITION],
          },
        },
      },
    },
    'serve',
  );
  const environment = createRunnableDevEnvironment('inline', config, {
    runnerOptions: { hmr: { logger: false } },
    hot: false,
  });
  await environment.init();
  const module = (await environment.runner.import(BACKEND_MODULE)) as typeof import('./node-backend');
  return module.createNodePlaygroundBackend();
}
