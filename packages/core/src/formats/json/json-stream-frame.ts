import { writeOwn } from '../../patch/apply-patch';
import type { PathSegment } from '../../patch/path';
import type { IndexTrail } from './index-trail';

/** A container the parser owns and fills in place while it is open. */
export type Container = unknown[] | Record<string, unknown>;

/** One open object or array on the parser's explicit stack. */
export class Frame {
  /** The copy last handed out by `snapshot()`, or `undefined` when this subtree changed since. */
  published: Container | undefined = undefined;
  /** Arrays: how many elements are complete (the index of the next one). */
  count = 0;
  /** Objects: the key whose value is being read. */
  key = '';
  /** Right after `[`/`{` or `,`: a closer here ends an empty container or follows a trailing comma. */
  open = true;
  #itemWildcard: string | undefined;

  constructor(
    readonly isArray: boolean,
    readonly container: Container,
    readonly path: string,
    readonly wildcard: string,
    readonly trail: IndexTrail | undefined,
    /** Where this container sits in its parent (unused for the root). */
    readonly segment: PathSegment,
  ) {}

  /** Arrays: the wildcard path every element shares (`items[*]`). */
  get itemWildcard(): string {
    if (this.#itemWildcard === undefined) this.#itemWildcard = `${this.wildcard}[*]`;
    return this.#itemWildcard;
  }
}

/**
 * Marks frame `depth` and its ancestors as changed. Changed frames always form a prefix of the
 * stack (a change dirties every ancestor), so the walk stops at the first frame already marked:
 * amortised O(1) per change.
 */
export function markChanged(stack: readonly Frame[], depth: number): void {
  for (let k = depth; k >= 0; k--) {
    const frame = stack[k] as Frame;
    if (frame.published === undefined) return;
    frame.published = undefined;
  }
}

/**
 * The current value of the open root with structural sharing: closed subtrees are shared as they
 * are (never copied again), unchanged open containers reuse their last published copy, and only
 * the containers that changed since the last call are copied, shallowly, with the open child's
 * slot pointing at that child's own published copy. Earlier snapshots are never mutated.
 */
export function publish(stack: readonly Frame[]): Container {
  const root = stack[0] as Frame;
  if (root.published !== undefined) return root.published;
  let depth = stack.length - 1;
  while ((stack[depth] as Frame).published !== undefined) depth--;
  let copy: Container = [];
  for (; depth >= 0; depth--) {
    const frame = stack[depth] as Frame;
    copy = frame.isArray ? (frame.container as unknown[]).slice() : { ...(frame.container as Record<string, unknown>) };
    const child = stack[depth + 1];
    if (child !== undefined) writeOwn(copy, child.segment, child.published);
    frame.published = copy;
  }
  return copy; // the root's
}

const INDEX_SUFFIXES: string[] = Array.from({ length: 256 }, (_, index) => `[${index}]`);

/** `[index]`, cached for small indexes (one concatenation per element path). */
export function indexSuffix(index: number): string {
  return INDEX_SUFFIXES[index] ?? `[${index}]`;
}
