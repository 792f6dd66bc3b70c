// The house of packages/core/src (docs/architecture.md §1): its folders stand on floors, a file
// imports only from its own folder or from a floor below, and no files import each other in a
// circle. Both keep the code readable from the bottom up: a newcomer can read a floor knowing only
// the floors beneath it. Imports are read as written (static imports, `export … from`, `import()`,
// type-only ones too), since a type import is as much a dependency for a reader as a value one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const core = join(import.meta.dirname, '..');
const src = join(core, 'src');

/** The floors, bottom first: a folder may import any folder on a lower floor, none beside or above it. */
const FLOORS: readonly (readonly string[])[] = [
  ['errors'],
  ['patch'],
  ['schema', 'transport', 'reasoning'],
  ['formats'],
  ['redaction', 'tools'],
  ['providers'],
  ['prompt'],
  ['response'],
  ['store', 'patch-stream', 'testing'],
  ['worker', 'ui', 'kits', 'recording'],
];

/** The public entries and the worker's script sit on top: they may import any folder. */
const ENTRIES = [
  'index.ts',
  'bindings.ts',
  'patch-stream.ts',
  'worker.ts',
  'testing.ts',
  'kits.ts',
  'worker-script.ts',
  'recording.ts',
];

/** An exception to a rule, named by the files it covers, with the reason it is allowed for now. */
type Allowed = { files: readonly string[]; reason: string };

/** Imports that run up a floor and are allowed for now: `from` imports `to`. */
const UPWARD_ALLOWED: readonly Allowed[] = [];

/** Import cycles allowed for now: the cycle's files, all of them. */
const CYCLES_ALLOWED: readonly Allowed[] = [];

function typeScriptFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : typeScriptFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file a relative specifier names (`./a`, `./a.js`, `./a.ts`, `./dir` for its index), if any. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(isFile);
}

/** Each file's relative imports, as absolute paths: static, `export … from`, `import()`, type-only. */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolveSpecifier(file, fileName) ?? `${file}: ${fileName} (unresolved)`);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

const fromSrc = (file: string): string => relative(src, file).split('\\').join('/');

/** The floor of a file of src: its top folder's, or the top for an entry; undefined if it has none. */
function floorOf(file: string): number | undefined {
  const path = fromSrc(file);
  if (!path.includes('/')) return ENTRIES.includes(path) ? FLOORS.length : undefined;
  const folder = path.slice(0, path.indexOf('/'));
  const floor = FLOORS.findIndex((folders) => folders.includes(folder));
  return floor === -1 ? undefined : floor;
}

const topFolder = (file: string): string => fromSrc(file).split('/')[0] ?? '';

/** Each import from a file of src to another folder that is not on a lower floor. */
function upwardImports(graph: ReadonlyMap<string, readonly string[]>) {
  return [...graph].flatMap(([file, targets]) => {
    const floor = floorOf(file);
    return targets.flatMap((target) => {
      const toFloor = floorOf(target);
      if (floor === undefined || toFloor === undefined || topFolder(file) === topFolder(target)) return [];
      return toFloor < floor ? [] : [{ from: fromSrc(file), to: fromSrc(target), floor, toFloor }];
    });
  });
}

/** Strongly connected components of more than one file (or a file importing itself), Tarjan's way. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest way round a component, from its first file back to it: `a.ts → b.ts → a.ts`. */
function cyclePath(graph: ReadonlyMap<string, readonly string[]>, component: readonly string[]): string[] {
  const members = new Set(component);
  const start = component[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const node of queue) {
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== undefined && at !== start; at = cameFrom.get(at)) path.push(at);
        return [start, ...path.slice(1).reverse(), start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component];
}

const matches = (allowed: Allowed, files: readonly string[]): boolean =>
  files.every((file) => allowed.files.includes(file));

describe('the house of packages/core/src', () => {
  const sources = typeScriptFiles(src);
  const sourceGraph = importGraph(sources);

  it('gives every folder and top-level file a floor', () => {
    const homeless = [...new Set(sources.filter((file) => floorOf(file) === undefined).map(topFolder))];
    expect(homeless).toEqual([]);
  });

  it('resolves every relative import', () => {
    const unresolved = [...sourceGraph.values()].flat().filter((target) => target.endsWith('(unresolved)'));
    expect(unresolved).toEqual([]);
  });

  it('has no import that runs up a floor or across to another folder on the same floor', () => {
    const upward = upwardImports(sourceGraph)
      .filter(({ from, to }) => !UPWARD_ALLOWED.some((allowed) => matches(allowed, [from, to])))
      .map(({ from, to, floor, toFloor }) => `${from} → ${to}: floor ${floor} imports floor ${toFloor}`);
    expect(upward).toEqual([]);
  });

  it('has no import cycle among its files or the tests', () => {
    const graph = importGraph([...sources, ...typeScriptFiles(join(core, 'test'))]);
    const named = (file: string): string => (file.startsWith(src) ? fromSrc(file) : relative(core, file));
    const found = cycles(graph)
      .filter((component) => !CYCLES_ALLOWED.some((allowed) => matches(allowed, component.map(named))))
      .map((component) => cyclePath(graph, component).map(named).join(' → '));
    expect(found).toEqual([]);
  });

  it('allows only exceptions that are still needed', () => {
    const upward = upwardImports(sourceGraph).map(({ from, to }) => [from, to]);
    const components = cycles(sourceGraph).map((component) => component.map(fromSrc));
    const stale = [
      ...UPWARD_ALLOWED.filter((allowed) => !upward.some((pair) => matches(allowed, pair))),
      ...CYCLES_ALLOWED.filter((allowed) => !components.some((component) => matches(allowed, component))),
    ].map((allowed) => `${allowed.files.join(', ')} (${allowed.reason}): no longer needed, remove the entry`);
    expect(stale).toEqual([]);
  });
});
