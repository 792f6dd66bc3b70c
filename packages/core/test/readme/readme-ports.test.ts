// The test and benchmark servers' ports (e2e/ports.ts): one variable each, all derived from
// FIELDSTREAM_PORT_BASE when it is set, every one named in the README, and read nowhere else.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allPorts, PORTS, port } from '../../../../e2e/ports';

const root = join(import.meta.dirname, '../../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

describe('ports', () => {
  it('defaults without any variable', () => {
    expect(allPorts({})).toEqual({
      FIELDSTREAM_E2E_PORT: 4173,
      FIELDSTREAM_STATIC_PORT: 0,
      FIELDSTREAM_CONSUMER_PORT: 4180,
      FIELDSTREAM_BENCH_PORT: 4204,
      FIELDSTREAM_BENCH_WORKER_PORT: 4210,
      FIELDSTREAM_CONSUMER_VUE_PORT: 4181,
      FIELDSTREAM_CONSUMER_SVELTE_PORT: 4182,
      FIELDSTREAM_CONSUMER_ELEMENTS_PORT: 4183,
      FIELDSTREAM_CONSUMER_DEVTOOLS_PORT: 4184,
    });
  });

  it('derives every port from FIELDSTREAM_PORT_BASE, each its own, and an explicit variable wins', () => {
    const derived = allPorts({ FIELDSTREAM_PORT_BASE: '4300' });
    expect(Object.values(derived)).toEqual([4300, 4301, 4302, 4303, 4304, 4305, 4306, 4307, 4308]);
    expect(
      port('FIELDSTREAM_CONSUMER_PORT', { FIELDSTREAM_PORT_BASE: '4300', FIELDSTREAM_CONSUMER_PORT: '4390' }),
    ).toBe(4390);
  });

  it('refuses a port that is not one', () => {
    expect(() => port('FIELDSTREAM_E2E_PORT', { FIELDSTREAM_E2E_PORT: 'abc' })).toThrow(/FIELDSTREAM_E2E_PORT/);
    expect(() => port('FIELDSTREAM_E2E_PORT', { FIELDSTREAM_PORT_BASE: '65535' })).toThrow(/FIELDSTREAM_PORT_BASE/);
  });

  it('the README names every port variable and the base', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const name of [...Object.keys(PORTS), 'FIELDSTREAM_PORT_BASE']) expect(readme).toContain(`\`${name}\``);
  });

  it('only e2e/ports.ts reads the port variables', () => {
    const readers = [...sources(join(root, 'e2e')), ...sources(join(root, 'bench'))]
      .filter((file) => /process\.env\.FIELDSTREAM_\w*PORT/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(readers).toEqual([]);
  });
});
