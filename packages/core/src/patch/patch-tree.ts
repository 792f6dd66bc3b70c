import { readOwn, writeOwn } from './apply-patch';
import { checkListIndex } from './check-patch';
import { type Container, isRecord } from './container';
import { formatPath, type PathSegment } from './path';

/** A path's records, newest first: each snapshot reads the newest one made no later than itself. */
export type RecordEntry<R> = {
  readonly record: R;
  /** The update that wrote it. */
  readonly update: number;
  readonly previous: RecordEntry<R> | undefined;
};

/** The records of a store's paths, in the order the paths first streamed. */
export type Records<R> = Map<string, RecordEntry<R>>;

/** Marks, in the undo log, a key or path that had no value before the write. */
const ABSENT = Symbol('absent');

/**
 * The values patches write, and a record per path (`R`: a store's `FieldRecord`), decision 0015:
 * the one tree writer of a store and of both ends of a patch stream. The values are plain JSON,
 * filled in place as the parser fills its own: a snapshot holds the root as it is. Once a snapshot
 * may be held outside the store (`begin(true)`), or a container is handed out on its own
 * (`sealContainer`), what it can see is sealed: a later write below a sealed container copies it
 * (and the containers above it) first, once, so nothing handed out ever changes and an update costs
 * the paths it wrote, not the tree. A run of updates no one reads in between writes in place,
 * whatever the width of the containers.
 *
 * An update is all or nothing: what it wrote in place into a container made by an earlier update
 * is logged, and `rollback` undoes it, so an update that throws leaves the last snapshot as it was.
 */
export class PatchTree<R = never> {
  root: unknown = undefined;
  records: Records<R> = new Map();
  /**
   * Paths (ancestors of a write) where a value that was not a container of the needed kind was
   * replaced by a fresh container: everything below them changed, not just the written branch.
   */
  replaced: PathSegment[][] = [];
  /** Whether the current update wrote something. */
  changed = false;
  /**
   * The containers the tree may write in place, each with the update that made it; a container it
   * was given, or one a held snapshot may see, is not in it. A seal starts it afresh (a `Map`, not a
   * `WeakMap`: it lives one seal, and weak keys cost the collector more than they save).
   */
  #madeIn = new Map<object, number>();
  /** Containers handed out on their own (`sealContainer`): a copy of one seals its children in turn. */
  readonly #handedOut = new WeakSet<object>();
  #update = 0;
  /** Records written in an update up to this one may be read by a held snapshot: never replaced. */
  #sealedAt = 0;
  /** Per in-place write into an older container: the target, the key, the value before, and a list's length before. */
  #undo: unknown[] = [];
  #startRoot: unknown = undefined;
  #startRecords: Records<R> = this.records;
  /** The last write's path (the same array while a field streams) and the container it wrote into. */
  #lastPath: readonly PathSegment[] | undefined;
  #lastParent: Container | undefined;
  /** The update that made `#lastParent` (kept beside it: a streaming field's writes look nothing up). */
  #lastMadeIn = 0;
  #lastKey: string | undefined;
  #lastHead: RecordEntry<R> | undefined;

  /** The update being made (a snapshot keeps it, to read its own records). */
  get update(): number {
    return this.#update;
  }

  /** Starts an update; `seal`: the last snapshot may be held, so nothing it holds is written in place. */
  begin(seal: boolean): void {
    if (seal) {
      this.#sealedAt = this.#update;
      this.#madeIn = new Map();
      this.#lastParent = undefined;
    }
    this.#update++;
    this.#startRoot = this.root;
    this.#startRecords = this.records;
    this.replaced = [];
    this.changed = false;
  }

  /** Ends the update: what it wrote stays. */
  commit(): void {
    this.#undo.length = 0;
  }

  /** Ends the update by undoing every write it made. */
  rollback(): void {
    const undo = this.#undo;
    for (let i = undo.length - 4; i >= 0; i -= 4) {
      const target = undo[i] as Container | Records<R>;
      const key = undo[i + 1] as PathSegment;
      const before = undo[i + 2];
      if (target instanceof Map) {
        if (before === ABSENT) target.delete(key as string);
        else target.set(key as string, before as RecordEntry<R>);
      } else if (before !== ABSENT) writeOwn(target, key, before);
      else {
        delete (target as Record<PathSegment, unknown>)[key];
        if (Array.isArray(target)) target.length = undo[i + 3] as number;
      }
    }
    undo.length = 0;
    this.root = this.#startRoot;
    this.records = this.#startRecords;
    this.#lastPath = undefined;
    this.#lastParent = undefined;
    this.#lastKey = undefined;
  }

  /** Starts over with no values and no records (a retry that clears the failed attempt's fields). */
  clear(): void {
    this.root = undefined;
    this.records = new Map();
    this.#lastPath = undefined;
    this.#lastParent = undefined;
    this.#lastKey = undefined;
    this.changed = true;
  }

  /** Makes `container` read-only: handed out on its own, it is copied before a write below it. */
  sealContainer(container: Container): void {
    this.#madeIn.delete(container);
    this.#handedOut.add(container);
    this.#lastParent = undefined;
  }

  read(segments: readonly PathSegment[]): unknown {
    return readAt(this.root, segments);
  }

  /** Writes `value` at `segments`: a no-op when the value there is already `Object.is`-equal. */
  write(segments: readonly PathSegment[], value: unknown): void {
    const depth = segments.length;
    if (depth === 0) {
      this.#lastPath = undefined;
      if (!Object.is(this.root, value)) {
        this.root = value;
        this.changed = true;
      }
      return;
    }
    let parent = this.#lastParent;
    // A field streaming over several patches writes into the container its last patch wrote into.
    if (segments !== this.#lastPath || parent === undefined) {
      parent = this.#parentFor(segments);
      this.#lastPath = segments;
      this.#lastParent = parent;
      this.#lastMadeIn = this.#madeIn.get(parent) as number;
    }
    const key = segments[depth - 1] as PathSegment;
    if (Array.isArray(parent)) checkListIndex(parent.length, key as number, () => formatPath(segments));
    const before = Object.hasOwn(parent, key) ? (parent as Record<PathSegment, unknown>)[key] : ABSENT;
    if (Object.is(before, value)) return;
    this.#set(parent, this.#lastMadeIn, key, before, value);
    this.changed = true;
  }

  /**
   * Applies a container's `done` to the container of the same kind at `segments`: it becomes
   * exactly `value`'s shape — keys (or items) that `value` lacks are dropped (leftovers of a stale
   * attempt), ones the tree lacks are added — while children already in the tree stay as they are.
   */
  settle(segments: readonly PathSegment[], value: Container): void {
    const current = this.read(segments) as Container;
    let next: Container;
    if (Array.isArray(value)) {
      const items = current as unknown[];
      if (items.length === value.length && hasEveryItem(items, value)) return;
      next = [];
      next.length = value.length;
      // Holes stay holes.
      for (let i = 0; i < value.length; i++) if (i in value) next[i] = items[i] ?? value[i];
    } else {
      const keys = Object.keys(value);
      const has = (key: string) => Object.hasOwn(current, key);
      if (Object.keys(current).length === keys.length && keys.every(has)) return;
      next = {};
      for (const key of keys) writeOwn(next, key, has(key) ? (current as Record<string, unknown>)[key] : value[key]);
    }
    this.#madeIn.set(next, this.#update);
    this.write(segments, next);
  }

  /** The record `key` has in this update. */
  recordOf(key: string): R | undefined {
    return this.#head(key)?.record;
  }

  /** Sets `key`'s record for this update. */
  setRecord(key: string, record: R): void {
    const records = this.records;
    const head = this.#head(key);
    // The first write of `key` in this update is what a rollback restores.
    if (head === undefined || head.update < this.#update) this.#undo.push(records, key, head ?? ABSENT, 0);
    // A record no held snapshot can read is replaced; one it can is kept behind the new one.
    const previous = head !== undefined && head.update > this.#sealedAt ? head.previous : head;
    const entry = { record, update: this.#update, previous };
    records.set(key, entry);
    this.#lastHead = entry;
    this.changed = true;
  }

  /** `key`'s newest record entry: a field's patches come one after another, so the last key is kept. */
  #head(key: string): RecordEntry<R> | undefined {
    if (key !== this.#lastKey) {
      this.#lastKey = key;
      this.#lastHead = this.records.get(key);
    }
    return this.#lastHead;
  }

  /** A writable container of the kind `segments[depth]` needs below every level of `segments`' parent. */
  #parentFor(segments: readonly PathSegment[]): Container {
    let node = this.#containerAt(this.root, typeof segments[0] === 'number', segments, 0);
    if (node !== this.root) this.root = node;
    for (let depth = 0; depth < segments.length - 1; depth++) {
      const segment = segments[depth] as PathSegment;
      if (Array.isArray(node)) checkListIndex(node.length, segment as number, () => formatPath(segments));
      const child = readOwn(node, segment);
      const next = this.#containerAt(child, typeof segments[depth + 1] === 'number', segments, depth + 1);
      if (next !== child)
        this.#set(node, this.#madeIn.get(node) as number, segment, Object.hasOwn(node, segment) ? child : ABSENT, next);
      node = next;
    }
    return node;
  }

  /** `node` when the tree may write into it; else a container of the kind wanted (a copy of `node`, or a fresh one). */
  #containerAt(node: unknown, wantArray: boolean, segments: readonly PathSegment[], depth: number): Container {
    let made: Container;
    if (wantArray ? Array.isArray(node) : isRecord(node)) {
      if (this.#writable(node as Container)) return node as Container;
      // Spread defines own data properties, so an own `__proto__` key is copied as data; a slice keeps holes.
      made = Array.isArray(node) ? node.slice() : { ...(node as Record<string, unknown>) };
      if (this.#handedOut.has(node as Container)) this.#sealChildren(made);
    } else {
      if (node !== undefined) this.replaced.push(segments.slice(0, depth) as PathSegment[]);
      made = wantArray ? [] : {};
    }
    this.#madeIn.set(made, this.#update);
    return made;
  }

  /** The children of a copy of a container handed out on its own are shared with it: read-only too. */
  #sealChildren(copy: Container): void {
    const children = Object.values(copy);
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child !== null && typeof child === 'object') this.sealContainer(child as Container);
    }
  }

  #writable(container: Container): boolean {
    return this.#madeIn.has(container);
  }

  /**
   * Writes `value` at `key` of a writable container made in update `madeIn`, whose value there was
   * `before` (`ABSENT`: none); logged for a rollback when an earlier update made the container.
   */
  #set(container: Container, madeIn: number, key: PathSegment, before: unknown, value: unknown): void {
    if (madeIn < this.#update) this.#undo.push(container, key, before, Array.isArray(container) ? container.length : 0);
    writeOwn(container, key, value);
  }
}

/** The value at `segments` in a plain tree (own keys only). */
export function readAt(tree: unknown, segments: readonly PathSegment[]): unknown {
  let node = tree;
  for (let i = 0; i < segments.length && node !== undefined; i++) node = readOwn(node, segments[i] as PathSegment);
  return node;
}

/** The record `key` had at the end of update `update`, in `records`. */
export function recordIn<R>(records: Records<R>, key: string, update: number): R | undefined {
  let entry = records.get(key);
  while (entry !== undefined && entry.update > update) entry = entry.previous;
  return entry?.record;
}

/** Whether `items` has an item wherever `value` has a defined one (holes skipped). */
function hasEveryItem(items: readonly unknown[], value: readonly unknown[]): boolean {
  for (let i = 0; i < value.length; i++)
    if (i in value && value[i] !== undefined && items[i] === undefined) return false;
  return true;
}
