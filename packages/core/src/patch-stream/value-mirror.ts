import { readOwn, writeOwn } from '../patch/apply-patch';
import { concreteSegments, type PathSegment } from '../patch/path';

/**
 * What both ends of a patch stream know about one attempt: the last value at each path and a tree
 * of every value written. The writer leaves out a value the reader can rebuild from it; both
 * record every patch the same way, so the reader's rebuilt value is the writer's by construction.
 * The writer's tests of a value against it (`isStringAfter`, `isJsonAfter`) live with the writer
 * (patch-codec.ts), so a reader's bundle leaves them out.
 */
export class ValueMirror {
  #last = new Map<string, unknown>();
  #raw = new Map<string, string>();
  #tree: unknown;

  /** The value the path's deltas spell as JSON, when they spell one. */
  jsonAfter(path: string, delta: string): unknown {
    const raw = (this.#raw.get(path) ?? '') + delta;
    if (raw.trim() === '') return undefined;
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  }

  /** The path's last value (`''` before its first patch). */
  lastAt(path: string): unknown {
    return this.#last.has(path) ? this.#last.get(path) : '';
  }

  /** The value `prev + delta` gives, when the path's last value is a string (or none). */
  stringAfter(path: string, delta: string): string | undefined {
    const prev = this.lastAt(path);
    return typeof prev === 'string' ? prev + delta : undefined;
  }

  /** A copy of the tree at `path` (`undefined` when the path is not a tree path or holds nothing). */
  treeAt(path: string): unknown {
    const segments = segmentsOf(path);
    if (segments === undefined) return undefined;
    let node = this.#tree;
    for (const segment of segments) node = readOwn(node, segment);
    return node !== null && typeof node === 'object' ? structuredClone(node) : node;
  }

  record(path: string, value: unknown, delta: string): void {
    this.#last.set(path, value);
    if (delta !== '') this.#raw.set(path, (this.#raw.get(path) ?? '') + delta);
    const segments = segmentsOf(path);
    if (segments === undefined) return;
    // Containers are copied in, so later writes never touch the caller's objects.
    const stored = value !== null && typeof value === 'object' ? structuredClone(value) : value;
    if (segments.length === 0) {
      this.#tree = stored;
      return;
    }
    this.#tree = container(this.#tree, typeof segments[0] === 'number');
    let node = this.#tree as Container;
    for (let depth = 0; depth < segments.length - 1; depth++) {
      const segment = segments[depth] as PathSegment;
      // Own keys only: `__proto__` or `constructor` must not lead into a prototype.
      const existing = readOwn(node, segment);
      const child = container(existing, typeof segments[depth + 1] === 'number');
      if (child !== existing) writeOwn(node, segment, child);
      node = child;
    }
    writeOwn(node, segments[segments.length - 1] as PathSegment, stored);
  }
}

/** The segments of a data path: `$` channels (`$tools[0].arguments`) are not in the mirrored tree. */
function segmentsOf(path: string): PathSegment[] | undefined {
  return path.startsWith('$') ? undefined : concreteSegments(path);
}

type Container = Record<string, unknown> | unknown[];

function container(node: unknown, wantArray: boolean): Container {
  if (wantArray) return Array.isArray(node) ? node : [];
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : {};
}
