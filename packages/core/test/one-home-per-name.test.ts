// One home per name: every exported name, types included, comes from exactly one public entry of
// the three packages (CHANGELOG.md, "Moved: one home per name"). public-api.test.ts pins the
// run-time names of each entry; this reads the type exports too, through the compiler.
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

const ENTRIES: Record<string, string> = {
  '@fieldstream/core': 'packages/core/src/index.ts',
  '@fieldstream/core/testing': 'packages/core/src/testing.ts',
  '@fieldstream/core/kits': 'packages/core/src/kits.ts',
  '@fieldstream/core/patch-stream': 'packages/core/src/patch-stream.ts',
  '@fieldstream/core/worker': 'packages/core/src/worker.ts',
  '@fieldstream/core/recording': 'packages/core/src/recording.ts',
  '@fieldstream/react': 'packages/react/src/index.ts',
  '@fieldstream/server': 'packages/server/src/index.ts',
};

/** Each exported name (values and types) with the entries that export it. */
function exportHomes(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const files = Object.values(ENTRIES).map((file) => join(root, file));
  const program = ts.createProgram(files, { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const homes = new Map<string, string[]>();
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const source = program.getSourceFile(join(root, file));
    const module = source === undefined ? undefined : checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${entry}: ${file} has no module symbol`);
    for (const symbol of checker.getExportsOfModule(module))
      homes.set(symbol.name, [...(homes.get(symbol.name) ?? []), entry]);
  }
  return homes;
}

describe('one home per name', () => {
  it('no name, value or type, is exported by two public entries', { timeout: 120_000 }, () => {
    const homes = exportHomes();
    expect(homes.get('scriptedModel')).toEqual(['@fieldstream/core/testing']);
    expect(homes.get('toPatchStream')).toEqual(['@fieldstream/core/patch-stream']);
    expect(homes.get('fromPatchStream')).toEqual(['@fieldstream/core/patch-stream']);
    expect([...homes].filter(([, entries]) => entries.length > 1)).toEqual([]);
  });
});
