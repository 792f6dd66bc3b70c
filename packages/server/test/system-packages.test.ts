import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startRedis } from './support/redis-server';

// Issue 49: `npm test` first runs scripts/check-system.ts, which stops at once when a system package
// the tests start is missing; startRedis says the same when run on its own.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const empty = mkdtempSync(join(tmpdir(), 'fieldstream-no-packages-'));
const fakes = mkdtempSync(join(tmpdir(), 'fieldstream-fake-packages-'));
for (const name of ['chromium', 'redis-server']) {
  writeFileSync(join(fakes, name), '#!/bin/sh\n');
  chmodSync(join(fakes, name), 0o755);
}
afterAll(() => {
  rmSync(empty, { recursive: true, force: true });
  rmSync(fakes, { recursive: true, force: true });
});

const chromiumMissing =
  "No Chromium at /nowhere/chromium. Install Debian's Chromium (apt-get install -y chromium) or point " +
  'FIELDSTREAM_CHROMIUM at a Chromium binary. The e2e tests never download a browser.';
const redisMissing = (where: string) =>
  `No redis-server ${where}. Install Debian's redis-server (apt-get install -y redis-server) or point ` +
  'FIELDSTREAM_REDIS_SERVER at a redis-server binary. The Redis tests start their own server.';

/** Runs the check as `npm test` does, with only the given environment (no inherited PATH). */
function check(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-system.ts'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the system-package check npm test runs first', () => {
  it('names both packages and one install line when neither is there', () => {
    expect(check({ PATH: empty, FIELDSTREAM_CHROMIUM: '/nowhere/chromium' })).toEqual({
      status: 1,
      stdout: '',
      stderr: [
        'npm test needs chromium and redis-server, not found on this machine:',
        `- ${chromiumMissing}`,
        `- ${redisMissing('on PATH')}`,
        'On Debian or Ubuntu: sudo apt-get install -y chromium redis-server',
        '',
      ].join('\n'),
    });
  });

  it('names only redis-server when Chromium is there', () => {
    expect(check({ PATH: empty, FIELDSTREAM_CHROMIUM: join(fakes, 'chromium') })).toEqual({
      status: 1,
      stdout: '',
      stderr: [
        'npm test needs redis-server, not found on this machine:',
        `- ${redisMissing('on PATH')}`,
        'On Debian or Ubuntu: sudo apt-get install -y redis-server',
        '',
      ].join('\n'),
    });
  });

  it('names the binary FIELDSTREAM_REDIS_SERVER points at when it is not there', () => {
    const env = {
      PATH: fakes,
      FIELDSTREAM_CHROMIUM: join(fakes, 'chromium'),
      FIELDSTREAM_REDIS_SERVER: '/nowhere/redis',
    };
    expect(check(env)).toMatchObject({ status: 1, stderr: expect.stringContaining(redisMissing('at /nowhere/redis')) });
  });

  it('passes silently when both are there', () => {
    expect(check({ PATH: fakes, FIELDSTREAM_CHROMIUM: join(fakes, 'chromium') })).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
    const env = { PATH: empty, FIELDSTREAM_CHROMIUM: join(fakes, 'chromium') };
    expect(check({ ...env, FIELDSTREAM_REDIS_SERVER: join(fakes, 'redis-server') })).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
  });
});

describe('startRedis without redis-server', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('rejects with the same message, not ENOENT', async () => {
    vi.stubEnv('FIELDSTREAM_REDIS_SERVER', '/nowhere/redis-server');
    await expect(startRedis()).rejects.toThrow(new Error(redisMissing('at /nowhere/redis-server')));
    vi.stubEnv('FIELDSTREAM_REDIS_SERVER', undefined);
    vi.stubEnv('PATH', empty);
    await expect(startRedis()).rejects.toThrow(new Error(redisMissing('on PATH')));
  });
});
