// The project's map lives in the repository and is true to it: the README's "Where each concept
// lives" table names files that exist, nothing cites a spec outside the repository, and every
// `docs/<doc>.md §N` citation names a section the doc has.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');
const self = relative(root, fileURLToPath(import.meta.url))
  .split(sep)
  .join('/');

/** Where a bare path in the concept table lives (the table's header says so). */
const TABLE_ROOT = 'packages/core/src';
/** A path starting with one of these is written from the repository root. */
const ROOTED = /^(packages|docs|apps|e2e|bench)\//;

type Row = { concept: string; files: string[] };

/** The rows of the README's concept table: the concept cell and the backticked paths of the file cell. */
function conceptTable(): Row[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Where each concept lives');
  expect(start).toBeGreaterThanOrEqual(0);
  const rows: Row[] = [];
  for (const line of readme.slice(start).split('\n').slice(1)) {
    if (rows.length > 0 && !line.startsWith('|')) break;
    if (!line.startsWith('|') || /^\|\s*(concept|-)/.test(line)) continue;
    const [, concept = '', files = ''] = line.split('|');
    const paths = [...files.matchAll(/`([^`]+)`/g)]
      .map((match) => match[1] as string)
      .filter((token) => token.includes('/') || /\.(tsx?|md|json)$/.test(token));
    rows.push({ concept: concept.trim(), files: paths });
  }
  return rows;
}

/**
 * A table path resolved from the repository root. A rooted path also becomes the directory of
 * the bare names after it in the same cell (`packages/react/src/use-*.ts`, `live-form.tsx`).
 */
function resolveCell(paths: readonly string[]): string[] {
  let base = TABLE_ROOT;
  return paths.map((path) => {
    if (!ROOTED.test(path)) return `${base}/${path}`;
    base = dirname(path);
    return path;
  });
}

/** Files matching a one-level glob such as `packages/react/src/use-*.ts`. */
function glob(pattern: string): string[] {
  const dir = dirname(pattern);
  const name = pattern.slice(dir.length + 1);
  const regex = new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
  return readdirSync(join(root, dir)).filter((entry) => regex.test(entry));
}

/** Every tracked file that is text, with its content (binary files hold a NUL byte). */
function trackedTextFiles(): { file: string; text: string }[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const files: { file: string; text: string }[] = [];
  for (const file of listed.split('\0')) {
    if (file === '' || file === self) continue;
    const path = join(root, file);
    // A tracked file deleted in the working tree has nothing to check.
    if (!existsSync(path) || !statSync(path).isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.includes(0)) continue;
    files.push({ file, text: bytes.toString('utf8') });
  }
  return files;
}

/** `file:line: text` for each line of `text` that `test` flags. */
function linesWhere(file: string, text: string, test: (line: string) => boolean): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (test(line)) hits.push(`${file}:${index + 1}: ${line.trim()}`);
  });
  return hits;
}

/** The external spec files: never in this repository, so never cited. */
// Built from parts, so this file does not itself name what it looks for.
const SPEC_FILES = ['DESIGN', 'FORMATS', 'STYLE'].join('|');
const OUTSIDE_DIR = ['sha', 'red'].join('');
const EXTERNAL_SPEC = new RegExp(
  `\\b(?:${SPEC_FILES})\\.md\\b|${OUTSIDE_DIR}\\/conformance|['"]${OUTSIDE_DIR}['"],\\s*['"]conformance['"]`,
);
/** A relative path through a folder of that name: fine only when it resolves inside the repository. */
const SHARED_PATH = new RegExp(`(?:\\.\\.\\/)+${OUTSIDE_DIR}\\b[^\\s'"\`)\\]>,;]*`, 'g');

/** Whether such a relative path written in `file` names something in the repository. */
function resolvesInRepo(file: string, path: string): boolean {
  const target = resolve(root, dirname(file), path);
  if (relative(root, target).startsWith('..')) return false;
  return ['', '.ts', '.tsx', '/index.ts'].some((suffix) => existsSync(target + suffix));
}

/** A citation: a doc path, then one or more section numbers (`§2`, `§4.3`, `§2–§6`, `§4, §8`). */
const CITATION = /(docs\/[\w./-]+?\.md)((?:\s*(?:,|–|-|and)?\s*§\s?\d+(?:\.\d+)*)+)/g;

/** The section numbers a doc's headings carry: `## 4. The response` → 4, `### 4.3 Validation` → 4.3. */
function sectionNumbers(doc: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of readFileSync(join(root, doc), 'utf8').matchAll(/^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s/gm))
    numbers.add(match[1] as string);
  return numbers;
}

describe('the README concept table', () => {
  const rows = conceptTable();

  it('has rows, each naming at least one file', () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row.files, row.concept).not.toEqual([]);
  });

  it('names only files that exist', () => {
    const missing: string[] = [];
    for (const row of rows) {
      for (const path of resolveCell(row.files)) {
        if (path.includes('<name>')) {
          // `formats/<name>/`: one directory per format the concept cell names (xml_field → xml-field).
          const names = row.concept.split(',').map((name) => name.trim().replaceAll('_', '-'));
          expect(names.length).toBeGreaterThan(1);
          for (const name of names) {
            const dir = path.replace('<name>', name);
            if (!existsSync(join(root, dir, 'index.ts'))) missing.push(`${dir}index.ts (${row.concept})`);
          }
        } else if (path.includes('*')) {
          if (glob(path).length === 0) missing.push(`${path} matches nothing (${row.concept})`);
        } else if (!existsSync(join(root, path))) {
          missing.push(`${path} (${row.concept})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('maps the docs, the response core, the patch stream and the worker', () => {
    const listed = new Set(rows.flatMap((row) => resolveCell(row.files)));
    for (const path of [
      'docs/architecture.md',
      'docs/patch-contract.md',
      'docs/formats.md',
      `${TABLE_ROOT}/response/response-core.ts`,
      `${TABLE_ROOT}/patch-stream/to-patch-stream.ts`,
      `${TABLE_ROOT}/patch-stream/from-patch-stream.ts`,
      `${TABLE_ROOT}/worker.ts`,
      `${TABLE_ROOT}/worker/worker-host.ts`,
    ])
      expect(listed, path).toContain(path);
  });
});

describe('the map is in the repository', () => {
  const files = trackedTextFiles();

  it('reads the tracked files', () => {
    expect(files.length).toBeGreaterThan(500);
  });

  // CHANGELOG.md is checked too: it has no mentions of the external specs, so none is let through.
  it('cites no spec outside the repository (the original design and formats documents, the steering folder)', () => {
    const hits: string[] = [];
    for (const { file, text } of files) {
      hits.push(...linesWhere(file, text, (line) => EXTERNAL_SPEC.test(line)));
      hits.push(
        ...linesWhere(file, text, (line) =>
          [...line.matchAll(SHARED_PATH)].some((match) => !resolvesInRepo(file, match[0])),
        ),
      );
    }
    expect(hits).toEqual([]);
  });

  it('cites docs by sections they have', () => {
    const sections = new Map<string, Set<string> | undefined>();
    const broken: string[] = [];
    let citations = 0;
    for (const { file, text } of files) {
      text.split('\n').forEach((line, index) => {
        for (const match of line.matchAll(CITATION)) {
          const doc = match[1] as string;
          if (!sections.has(doc)) sections.set(doc, existsSync(join(root, doc)) ? sectionNumbers(doc) : undefined);
          const known = sections.get(doc);
          for (const number of (match[2] as string).matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
            citations++;
            if (known === undefined) broken.push(`${file}:${index + 1}: ${doc} does not exist`);
            else if (!known.has(number[1] as string))
              broken.push(`${file}:${index + 1}: ${doc} has no section ${number[1]}`);
          }
        }
      });
    }
    expect(citations).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
