import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium';
import { port as portFor } from './ports';
import { E2E_PROXY_KEY } from './support/proxy-key';

// FIELDSTREAM_E2E_PORT (or FIELDSTREAM_PORT_BASE, see ports.ts) lets two suites run side by side; the
// default is vite preview's 4173. The preview server fails when the port is taken (strictPort).
const port = portFor('FIELDSTREAM_E2E_PORT');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  // How long an expectation waits for the page to reach a state (never how fast it must): the
  // built-in tool-call model may take seconds to start, and a scenario seconds to end, on a loaded
  // machine. One bound for the suite: no expectation carries its own.
  expect: { timeout: 25_000 },
  fullyParallel: true,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
  projects: [
    // consumer/ has its own config (npm run test:packages): it tests the packed packages, not the playground.
    { name: 'e2e', testIgnore: ['**/performance.spec.ts', 'consumer/**'] },
    // Timing tests measure alone: after the rest, serially (see performance.spec.ts).
    // One retry: a long-task budget measured in wall time can be missed by a preempted machine; a
    // real regression fails both runs.
    { name: 'performance', testMatch: '**/performance.spec.ts', dependencies: ['e2e'], retries: 1 },
  ],
  webServer: {
    command: `npm run build -w @fieldstream/playground && npm run preview -w @fieldstream/playground -- --host 127.0.0.1 --port ${port}`,
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: false,
    // The optional real-model proxy, pointed at this same server's built-in model, so the live
    // toggle is tested without a network (live-proxy.spec.ts). The key must never reach the browser.
    env: {
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/api`,
      OPENAI_API_KEY: E2E_PROXY_KEY,
      OPENAI_MODEL: 'fieldstream-scripted',
    },
    timeout: 120_000,
  },
});
