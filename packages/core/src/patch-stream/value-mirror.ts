import { type Container, isContainer } from '../patch/container';
import { derivedPathFields } from '../patch/derived-path-fields';
import { PatchTree } from '../patch/patch-tree';
import { type PathSegment, PlaceParser, placeSegments } from '../patch/path';
import type { StreamingData } from '../patch/streaming-data';

/**
 * What both ends of a patch stream know about one attempt: the last value at each path and a tree
 * of every value written. The writer leaves out a value the reader can rebuild from it; both
 * record every patch the same way, so the reader's rebuilt value is the writer's by construction.
 * The writer's tests of a value against it (`isStringAfter`, `isJsonAfter`) live with the writer
 * (patch-codec.ts), so a reader's bundle leaves them out.
 *
 * The tree (a `PatchTree`, the store's tree writer) is the one copy of the answer on its side. Its
 * containers are filled in place, as the parser fills its own; one that has been handed out (a
 * patch's value, the final data) or taken in is never written again: a write below it first copies
 * it, so a value a consumer holds never changes. The writer, whose values belong to the response it
 * sends, takes containers in as copies (its `copy`); the reader's come from its own JSON and are
 * taken as they are.
 */
export class ValueMirror {
  #last = new Map<string, unknown>();
  #raw = new Map<string, string>();
  readonly #tree = new PatchTree();
  /** The writer's copy of a container it takes in (`undefined`: the reader, which takes its own). */
  readonly #copy: ((value: Container) => Container) | undefined;
  readonly #places = new PlaceParser();
  /**
   * The last path asked about, its segments and its patch fields: the next patch of the same path
   * (most patches) is parsed once, not once a patch, and its write reuses the container it wrote into.
   */
  #path: string | undefined;
  #segments: readonly PathSegment[] | undefined;
  #fields: Pick<StreamingData, 'wildcard_path' | 'indexes'> | undefined;

  constructor(copy?: (value: Container) => Container) {
    this.#copy = copy;
    // One update for the mirror's whole life: it never rolls back, and seals by container.
    this.#tree.begin(false);
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
    const node = this.#tree.read(segments);
    if (isContainer(node)) this.#tree.sealContainer(node);
    return node;
  }

  record(path: string, value: unknown, delta: string): void {
    this.#last.set(path, value);
    // Only a value that is not a string can be spelled by its deltas as JSON (`jsonAfter`); a
    // string's deltas are its value, kept once already.
    if (delta !== '' && typeof value !== 'string') this.#raw.set(path, (this.#raw.get(path) ?? '') + delta);
    const segments = this.#segmentsOf(path);
    if (segments === undefined) return;
    let stored = value;
    if (isContainer(value)) {
      // The tree's own container, handed out by `treeAt` (the writer's `r`, the reader's rebuilt value).
      if (this.#tree.read(segments) === value) return;
      // The writer's values belong to the response it sends: it keeps copies of their containers.
      stored = this.#copy?.(value) ?? value;
    }
    this.#tree.write(segments, stored);
  }

  /** The tree segments of `path`: `$` channels (`$tools[0].arguments`) are not in the mirrored tree. */
  #segmentsOf(path: string): readonly PathSegment[] | undefined {
    const segments = this.#placeOf(path);
    return path.startsWith('$') ? undefined : segments;
  }
}
