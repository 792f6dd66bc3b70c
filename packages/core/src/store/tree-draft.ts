import { readOwn, writeOwn } from '../patch/apply-patch';
import type { PathSegment } from '../patch/path';

type Container = Record<string, unknown> | unknown[];

/** The value at `segments` (own properties only), or `undefined`. Iterative. */
export function readAt(root: unknown, segments: readonly PathSegment[]): unknown {
  let node = root;
  for (let i = 0; i < segments.length && node !== undefined; i++) node = readOwn(node, segments[i] as PathSegment);
  return node;
}

export function isContainer(value: unknown): value is Container {
  return value !== null && typeof value === 'object';
}

/**
 * A batch of writes to an immutable data tree with structural sharing: a write copies the
 * containers on its path, except containers this draft already copied or created, which it
 * mutates in place. So a batch copies each container at most once however many patches it holds,
 * and every untouched subtree keeps its reference. Iterative: a 100 000-deep path is fine.
 */
export class TreeDraft {
  private readonly owned = new WeakSet<object>();
  /**
   * Paths (ancestors of a write) where a value that was not a container of the needed kind was
   * replaced by a fresh container: everything below them changed, not just the written branch.
   */
  readonly replaced: PathSegment[][] = [];

  constructor(public root: unknown) {}

  read(segments: readonly PathSegment[]): unknown {
    return readAt(this.root, segments);
  }

  /** Writes `value` at `segments`; a no-op when the value there is already `Object.is`-equal. */
  write(segments: readonly PathSegment[], value: unknown): void {
    if (Object.is(this.read(segments), value)) return;
    if (segments.length === 0) {
      this.root = value;
      return;
    }
    this.root = this.own(this.root, typeof segments[0] === 'number', segments, 0);
    let node = this.root as Container;
    const last = segments.length - 1;
    for (let depth = 0; depth < last; depth++) {
      const segment = segments[depth] as PathSegment;
      const child = this.own(readOwn(node, segment), typeof segments[depth + 1] === 'number', segments, depth + 1);
      writeOwn(node, segment, child);
      node = child;
    }
    writeOwn(node, segments[last] as PathSegment, value);
  }

  /**
   * Applies a container's `done`: the container at `segments` becomes exactly `value`'s shape —
   * keys (or items) that `value` lacks are dropped (leftovers of a stale attempt), ones the tree
   * lacks are added — while children already in the tree keep their identity. Costs the
   * container's width, never its depth.
   */
  settleContainer(segments: readonly PathSegment[], value: Container): void {
    const current = this.read(segments);
    if (!isContainer(current) || Array.isArray(current) !== Array.isArray(value)) {
      this.write(segments, value);
      return;
    }
    if (Array.isArray(value)) {
      const items = current as unknown[];
      const missing = value.some((item, i) => item !== undefined && items[i] === undefined);
      if (items.length === value.length && !missing) return;
      const next = items.slice(0, value.length);
      for (let i = 0; i < value.length; i++) if (next[i] === undefined) next[i] = value[i];
      this.adopt(segments, next);
      return;
    }
    const record = current as Record<string, unknown>;
    const wanted = value as Record<string, unknown>;
    const extra = Object.keys(record).some((key) => !Object.hasOwn(wanted, key));
    const missing = Object.keys(wanted).some((key) => !Object.hasOwn(record, key));
    if (!extra && !missing) return;
    const next: Record<string, unknown> = {};
    for (const key of Object.keys(wanted)) {
      writeOwn(next, key, Object.hasOwn(record, key) ? record[key] : wanted[key]);
    }
    this.adopt(segments, next);
  }

  private adopt(segments: readonly PathSegment[], container: Container): void {
    this.write(segments, container);
    this.owned.add(container);
  }

  /** `node` (at `segments[0..depth)`) as a container this draft owns. */
  private own(node: unknown, wantArray: boolean, segments: readonly PathSegment[], depth: number): Container {
    if (isContainer(node) && Array.isArray(node) === wantArray) {
      if (this.owned.has(node)) return node;
      const copy = Array.isArray(node) ? node.slice() : { ...node };
      this.owned.add(copy);
      return copy;
    }
    if (node !== undefined) this.replaced.push(segments.slice(0, depth));
    const fresh: Container = wantArray ? [] : {};
    this.owned.add(fresh);
    return fresh;
  }
}
