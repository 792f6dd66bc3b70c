import { existsSync } from 'node:fs';

/** Debian's Chromium, or the browser named by FIELDSTREAM_CHROMIUM. Never downloads one. */
export function chromiumPath(): string {
  const path = process.env.FIELDSTREAM_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install Debian's Chromium (apt-get install -y chromium) ` +
        'or point FIELDSTREAM_CHROMIUM at a Chromium binary. The e2e tests never download a browser.',
    );
  }
  return path;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
