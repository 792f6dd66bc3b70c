import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium';

// The consumer tests (npm run test:packages): one spec per app (React, Vue, Svelte, custom elements),
// each packing the packages it needs, installing them into a fresh app in a temp dir once, and
// serving that app itself on its own port (FIELDSTREAM_CONSUMER_PORT, _VUE_PORT, _SVELTE_PORT,
// _ELEMENTS_PORT, or FIELDSTREAM_PORT_BASE + their offsets: see ../ports.ts). One worker: the
// installs and builds already use both cores.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
