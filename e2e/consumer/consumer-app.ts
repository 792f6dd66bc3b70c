import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
/** Files every app starts from (the scripted response and its answer); its template adds the rest. */
const shared = join(import.meta.dirname, 'shared');

/** What one consumer app is made of. */
export type ConsumerAppDefinition = {
  /** The app's own files: a folder of e2e/consumer/ (`template-react`), copied over `shared/`. */
  template: string;
  /** The workspace packages it installs from their tarballs (folders of packages/), in the order npm must see them. */
  packages: readonly string[];
  /** What it installs from the registry, each at the workspace's exact version (the root devDependencies). */
  dependencies: readonly string[];
  devDependencies: readonly string[];
};

/** One tarball as `npm pack --json` describes it. */
export type PackedTarball = { name: string; filename: string; size: number; unpackedSize: number; files: string[] };
type PackJson = Omit<PackedTarball, 'files'> & { files: { path: string }[] };

export type CommandResult = { status: number | null; output: string };

/** The binaries an app installs and the tests run, or `node` itself. */
export type AppBinary = 'tsc' | 'vue-tsc' | 'svelte-check' | 'vite' | 'node';

// npm passes its own config to scripts through npm_config_* variables; the app's npm must not
// inherit workspace flags from the repository's `npm run`.
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_config_(workspace|workspaces|include_workspace_root)/i.test(key),
    ),
  );
}

function run(command: string, args: readonly string[], cwd: string): CommandResult {
  const result = spawnSync(command, args, { cwd, env: cleanEnv(), encoding: 'utf8', timeout: 300_000 });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function runOrThrow(command: string, args: readonly string[], cwd: string): string {
  const result = run(command, args, cwd);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${result.output}`);
  return result.output;
}

function workspaceVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  };
  const version = manifest.devDependencies[name];
  if (version === undefined) throw new Error(`the workspace has no devDependency ${name}`);
  return version;
}

const pinned = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, workspaceVersion(name)]));

/**
 * A fresh app outside the repository: `shared/` and the app's template copied to a temp dir, the
 * packages' tarballs (from `npm pack`) and the registry packages installed into it. Needs the
 * packages built (`npm run build -w packages`).
 */
export class ConsumerApp {
  readonly dir = mkdtempSync(join(tmpdir(), 'fieldstream-consumer-'));
  readonly tarballs: PackedTarball[];
  private server: ChildProcess | undefined;

  constructor(definition: ConsumerAppDefinition) {
    try {
      this.tarballs = this.install(definition);
    } catch (error) {
      rmSync(this.dir, { recursive: true, force: true });
      throw error;
    }
  }

  private install({ template, packages, dependencies, devDependencies }: ConsumerAppDefinition): PackedTarball[] {
    for (const name of packages) {
      if (!existsSync(join(repo, 'packages', name, 'dist'))) {
        throw new Error(`packages/${name}/dist is missing: run \`npm run build -w packages\` first`);
      }
    }
    const packed = runOrThrow(
      'npm',
      ['pack', '--json', '--pack-destination', this.dir, ...packages.flatMap((name) => ['-w', `packages/${name}`])],
      repo,
    );
    const tarballs = (JSON.parse(packed) as PackJson[]).map((tarball) => ({
      ...tarball,
      files: tarball.files.map((file) => file.path).sort(),
    }));
    cpSync(shared, this.dir, { recursive: true });
    cpSync(join(import.meta.dirname, template), this.dir, { recursive: true });
    const manifest = {
      name: `fieldstream-consumer-${template}`,
      private: true,
      type: 'module',
      dependencies: {
        ...Object.fromEntries(tarballs.map((tarball) => [tarball.name, `file:./${tarball.filename}`])),
        ...pinned(dependencies),
      },
      devDependencies: pinned(devDependencies),
    };
    writeFileSync(join(this.dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    runOrThrow('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], this.dir);
    return tarballs;
  }

  /** Runs a binary the app installed (`tsc`, `vite`, …), or `node`, in the app's directory. */
  run(binary: AppBinary, args: readonly string[]): CommandResult {
    if (binary === 'node') return run(process.execPath, args, this.dir);
    return run(process.execPath, [join(this.dir, 'node_modules/.bin', binary), ...args], this.dir);
  }

  /** Reads a file of the app (its scripted answer, a build's output). */
  read(path: string): string {
    return readFileSync(join(this.dir, path), 'utf8');
  }

  /** Serves the built app with `vite preview` and resolves once it answers. */
  async serve(port: number): Promise<string> {
    const url = `http://127.0.0.1:${port}/`;
    const vite = join(this.dir, 'node_modules/.bin/vite');
    this.server = spawn(
      process.execPath,
      [vite, 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      {
        cwd: this.dir,
        env: cleanEnv(),
        stdio: 'ignore',
      },
    );
    for (let tries = 0; tries < 300; tries++) {
      if (this.server.exitCode !== null) throw new Error(`vite preview exited with ${this.server.exitCode}`);
      const ok = await fetch(url).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return url;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`vite preview did not answer at ${url}`);
  }

  dispose(): void {
    this.server?.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
