import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { accessSync, constants, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { delimiter, join } from 'node:path';

/**
 * The redis-server the tests start: the binary FIELDSTREAM_REDIS_SERVER names, or `redis-server`
 * on PATH (Debian's package; `.ci/run` installs it). `npm test` checks it first (scripts/check-system.ts).
 */
export function redisServerPath(): string {
  const named = process.env.FIELDSTREAM_REDIS_SERVER;
  const onPath = (name: string) => (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, name));
  const path = (named?.includes('/') ? [named] : onPath(named ?? 'redis-server')).find(runnable);
  if (path === undefined) {
    throw new Error(
      `No redis-server ${named === undefined ? 'on PATH' : `at ${named}`}. Install Debian's redis-server ` +
        '(apt-get install -y redis-server) or point FIELDSTREAM_REDIS_SERVER at a redis-server binary. ' +
        'The Redis tests start their own server.',
    );
  }
  return path;
}

function runnable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A real redis-server on a free port, without persistence unless asked; `restart` loses what it held then. */
export async function startRedis(options: { appendOnly?: boolean } = {}) {
  const binary = redisServerPath();
  const port = await freePort();
  let child = await launch(binary, port, options.appendOnly === true);
  const kill = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  };
  const stop = async () => {
    await kill();
    const dir = dirs.get(port);
    if (dir !== undefined) await (await import('node:fs/promises')).rm(dir, { recursive: true, force: true });
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    /** Kills the server and starts a new one on the same port. */
    async restart() {
      await kill();
      child = await launch(binary, port, options.appendOnly === true);
    },
  };
}

async function launch(binary: string, port: number, appendOnly: boolean): Promise<ChildProcess> {
  // A directory of its own per port (removed by `stop`), kept across `restart` so the log survives.
  const dir = appendOnly ? ['--dir', await persistenceDir(port)] : [];
  const child = spawn(
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', appendOnly ? 'yes' : 'no', ...dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output.slice(-500)}`)));
  });
  return child;
}

const dirs = new Map<number, string>();
async function persistenceDir(port: number): Promise<string> {
  const { mkdtemp } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  if (!dirs.has(port)) dirs.set(port, await mkdtemp(join(tmpdir(), 'fieldstream-redis-')));
  return dirs.get(port) as string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
