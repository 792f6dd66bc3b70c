import { readOwn, writeOwn } from '../patch/apply-patch';
import { type Container, isContainer } from '../patch/container';
import { derivedPathFields } from '../patch/derived-path-fields';
import { type PathSegment, PlaceParser, placeSegments } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';

/**
 * What both ends of a patch stream know about one attempt: the last value at each path and a tree
 * of every value written. The writer leaves out a value the reader can rebuild from it; both
 * record every patch the same way, so the reader's rebuilt value is the writer's by construction.
 * The writer's tests of a value against it (`isStringAfter`, `isJsonAfter`) live with the writer
 * (patch-codec.ts), so a reader's bundle leaves them out.
 *
 * The tree is the one copy of the answer on its side. Its containers are filled in place, as the
 * parser fills its own; one that has been handed out (a patch's value, the final data) or taken in
 * is never written again: a write below it first replaces it with a shallow copy, so a value a
 * consumer holds never changes. The writer, whose values belong to the response it sends, takes
 * containers in as copies (its `copy`); the reader's come from its own JSON and are taken as they are.
 */
export class ValueMirror {
  #last = new Map<string, unknown>();
  #raw = new Map<string, string>();
  #tree: unknown;
  /** Containers a write must not change (handed out, or taken in without a copy). */
  #sealed = new WeakSet<object>();
  /** The writer's copy of a container it takes in (`undefined`: the reader, which takes its own). */
  readonly #copy: ((value: Container) => Container) | undefined;
  readonly #places = new PlaceParser();
  /**
   * The last path asked about, its segments, its patch fields and the container its value was
   * written into: the next patch of the same path (most patches) is parsed and walked to once, not
   * once a patch. A path's own writes keep its containers; a sealing (`treeAt`) drops the container.
   */
  #path: string | undefined;
  #segments: readonly PathSegment[] | undefined;
  #fields: Pick<StreamingData, 'wildcard_path' | 'indexes'> | undefined;
  #parent: Container | undefined;

  constructor(copy?: (value: Container) => Container) {
    this.#copy = copy;
  }

  /**
   * The segments of the place `path` writes to (`$` channels included), parsed once per path and
   * only past the prefix it shares with the last one. Throws `PathSyntaxError` for a path the place
   * grammar rejects. The array is the mirror's own: read it, never change it.
   */
  placeOf(path: string): readonly PathSegment[] {
    return this.#placeOf(path) ?? placeSegments(path);
  }

  /** `placeOf`, or `undefined` for a path that is no place (the writer sends such a patch on as it is). */
  #placeOf(path: string): readonly PathSegment[] | undefined {
    if (path !== this.#path) {
      let segments: readonly PathSegment[] | undefined;
      try {
        segments = this.#places.segmentsOf(path);
      } catch {
        segments = undefined;
      }
      this.#path = path;
      this.#segments = segments;
      this.#fields = undefined;
      this.#parent = undefined;
    }
    return this.#segments;
  }

  /**
   * The `wildcard_path` and `indexes` of a patch at `path` (`derivedPathFields`): every patch of a
   * path shares its `indexes` array, as the parsers' patches do.
   */
  fieldsOf(path: string): Pick<StreamingData, 'wildcard_path' | 'indexes'> {
    const segments = this.#placeOf(path);
    this.#fields ??= derivedPathFields(path, segments);
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

  /**
   * The tree's value at `path` (`undefined` when the path is not a tree path or holds nothing).
   * It is handed out as it is and sealed: the tree never writes to it again.
   */
  treeAt(path: string): unknown {
    const segments = this.#segmentsOf(path);
    if (segments === undefined) return undefined;
    let node = this.#tree;
    for (const segment of segments) node = readOwn(node, segment);
    if (isContainer(node)) {
      this.#sealed.add(node);
      this.#parent = undefined;
    }
    return node;
  }

  record(path: string, value: unknown, delta: string): void {
    this.#last.set(path, value);
    // Only a value that is not a string can be spelled by its deltas as JSON (`jsonAfter`); a
    // string's deltas are its value, kept once already.
    if (delta !== '' && typeof value !== 'string') this.#raw.set(path, (this.#raw.get(path) ?? '') + delta);
    const repeated = path === this.#path;
    const segments = this.#segmentsOf(path);
    if (segments === undefined) return;
    const stored = this.#takeIn(value);
    if (segments.length === 0) {
      this.#tree = stored;
      return;
    }
    const key = segments[segments.length - 1] as PathSegment;
    if (repeated && this.#parent !== undefined) {
      writeOwn(this.#parent, key, stored);
      return;
    }
    // Below a sealed container everything is shared with it: copied on the way down too.
    const sealed = { below: false };
    this.#tree = this.#writable(this.#tree, typeof segments[0] === 'number', sealed);
    let node = this.#tree as Container;
    for (let depth = 0; depth < segments.length - 1; depth++) {
      const segment = segments[depth] as PathSegment;
      // Own keys only: `__proto__` or `constructor` must not lead into a prototype.
      const existing = readOwn(node, segment);
      const child = this.#writable(existing, typeof segments[depth + 1] === 'number', sealed);
      if (child !== existing) writeOwn(node, segment, child);
      node = child;
    }
    writeOwn(node, key, stored);
    this.#parent = node;
  }

  /**
   * A value as the tree keeps it: an empty container (an opening delta) as a fresh one to fill in
   * place; any other container copied (the writer) or sealed (the reader, whose consumer holds it).
   */
  #takeIn(value: unknown): unknown {
    // A value `treeAt` handed out is the tree's own (the writer's `r`, the reader's rebuilt value).
    if (!isContainer(value) || this.#sealed.has(value)) return value;
    if (Array.isArray(value) ? value.length === 0 : isEmptyRecord(value)) return Array.isArray(value) ? [] : {};
    if (this.#copy !== undefined) return this.#copy(value);
    this.#sealed.add(value);
    return value;
  }

  /**
   * `node` when the tree may write into it; else a container of the kind wanted, copied from `node`
   * when that is sealed or lies below a sealed one (`sealed.below`, set from here on down).
   */
  #writable(node: unknown, wantArray: boolean, sealed: { below: boolean }): Container {
    if (wantArray ? !Array.isArray(node) : !isPlainRecord(node)) return wantArray ? [] : {};
    const container = node as Container;
    if (!sealed.below && !this.#sealed.has(container)) return container;
    sealed.below = true;
    return Array.isArray(container) ? container.slice() : { ...container };
  }

  /** The tree segments of `path`: `$` channels (`$tools[0].arguments`) are not in the mirrored tree. */
  #segmentsOf(path: string): readonly PathSegment[] | undefined {
    const segments = this.#placeOf(path);
    return path.startsWith('$') ? undefined : segments;
  }
}

function isPlainRecord(node: unknown): node is Record<string, unknown> {
  return node !== null && typeof node === 'object' && !Array.isArray(node);
}

function isEmptyRecord(value: Container): boolean {
  for (const _ in value) return false;
  return Object.getOwnPropertyNames(value).length === 0;
}
