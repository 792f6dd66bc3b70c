import { readOwn, writeOwn } from '../patch/apply-patch';
import { type Container, isContainer } from '../patch/container';
import { derivedPathFields } from '../patch/derived-path-fields';
import { concreteSegments, type PathSegment } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';

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
  /**
   * The last path asked about, its segments, its patch fields and the container its value was
   * written into: the next patch of the same path (most patches) is parsed and walked to once, not
   * once a patch. Nothing else writes to the tree between two records of a path, and a path's own
   * writes keep its containers.
   */
  #path: string | undefined;
  #segments: PathSegment[] | undefined;
  #fields: Pick<StreamingData, 'wildcard_path' | 'indexes'> | undefined;
  #parent: Container | undefined;

  /**
   * The `wildcard_path` and `indexes` of a patch at `path` (`derivedPathFields`): every patch of a
   * path shares its `indexes` array, as the parsers' patches do.
   */
  fieldsOf(path: string): Pick<StreamingData, 'wildcard_path' | 'indexes'> {
    this.#segmentsOf(path);
    this.#fields ??= derivedPathFields(path, this.#segments);
    return this.#fields;
  }

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
    const segments = this.#segmentsOf(path);
    if (segments === undefined) return undefined;
    let node = this.#tree;
    for (const segment of segments) node = readOwn(node, segment);
    return copyOf(node);
  }

  record(path: string, value: unknown, delta: string): void {
    this.#last.set(path, value);
    // Only a value that is not a string can be spelled by its deltas as JSON (`jsonAfter`); a
    // string's deltas are its value, kept once already.
    if (delta !== '' && typeof value !== 'string') this.#raw.set(path, (this.#raw.get(path) ?? '') + delta);
    const repeated = path === this.#path;
    const segments = this.#segmentsOf(path);
    if (segments === undefined) return;
    // Containers are copied in, so later writes never touch the caller's objects.
    const stored = copyOf(value);
    if (segments.length === 0) {
      this.#tree = stored;
      return;
    }
    const key = segments[segments.length - 1] as PathSegment;
    if (repeated && this.#parent !== undefined) {
      writeOwn(this.#parent, key, stored);
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
    writeOwn(node, key, stored);
    this.#parent = node;
  }

  /** The tree segments of `path`: `$` channels (`$tools[0].arguments`) are not in the mirrored tree. */
  #segmentsOf(path: string): PathSegment[] | undefined {
    if (path !== this.#path) {
      this.#path = path;
      this.#segments = concreteSegments(path);
      this.#fields = undefined;
      this.#parent = undefined;
    }
    return path.startsWith('$') ? undefined : this.#segments;
  }
}

function container(node: unknown, wantArray: boolean): Container {
  if (wantArray) return Array.isArray(node) ? node : [];
  return node !== null && typeof node === 'object' && !Array.isArray(node) ? (node as Record<string, unknown>) : {};
}

/**
 * A copy of a JSON value (own enumerable keys, lists by index). `structuredClone` did this at ~2–5 µs
 * a call, nearly all of it fixed cost: a stream's thousands of small containers made it a third of
 * a patch stream reader's time.
 */
function copyOf(value: unknown): unknown {
  if (!isContainer(value)) return value;
  if (Array.isArray(value)) return value.map(copyOf);
  const copy: Container = {};
  for (const key of Object.keys(value)) writeOwn(copy, key, copyOf(value[key]));
  return copy;
}
