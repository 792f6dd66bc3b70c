import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../chromium';

// The consumer test (npm run test:packages): one serial spec that packs the packages, installs them
// into a fresh app in a temp dir and serves that app itself (FIELDSTREAM_CONSUMER_PORT, default 4180, or
// FIELDSTREAM_PORT_BASE + 2: see ../ports.ts).
export default defineConfig({
  testDir: '.',
  testMatch: 'consumer.spec.ts',
  timeout: 60_000,
  workers: 1,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
  },
});
