import { type PathSegment, parsePath, WILDCARD } from '../patch/path';

/**
 * What one update changed: the subtrees rooted at `paths` (their ancestors changed with them), or
 * everything (`all`: a retry, the final data, a status or error change).
 */
export type PathChanges = {
  all: boolean;
  readonly paths: (readonly PathSegment[])[];
};

export function noPathChanges(): PathChanges {
  return { all: false, paths: [] };
}

type Subscription<State> = { readonly listener: (state: State, previous: State) => void; active: boolean };

type ListenerNode<State> = {
  readonly key: string;
  readonly parent: ListenerNode<State> | undefined;
  readonly children: Map<string, ListenerNode<State>>;
  readonly subscriptions: Set<Subscription<State>>;
};

/**
 * Path subscriptions in a trie keyed by path segment, so an update notifies the subscribers of
 * the changed paths, of their ancestors and of their descendants — work proportional to the
 * changed paths and the subscribers it finds, not to every subscriber. Segments are keyed by
 * their string form (`a[0]` and `a["0"]` share a node: at worst a spurious notification).
 * Subscribers of a path with a wildcard hear about every update.
 */
export class PathListeners<State> {
  private readonly root: ListenerNode<State> = newNode('', undefined);
  private readonly everywhere = new Set<Subscription<State>>();

  /** Throws `PathSyntaxError` for a malformed path. Returns the unsubscribe function. */
  subscribe(path: string, listener: (state: State, previous: State) => void): () => void {
    const segments = parsePath(path);
    const subscription: Subscription<State> = { listener, active: true };
    if (segments.includes(WILDCARD)) {
      this.everywhere.add(subscription);
      return () => {
        subscription.active = false;
        this.everywhere.delete(subscription);
      };
    }
    let node = this.root;
    for (const segment of segments) {
      const key = String(segment);
      let child = node.children.get(key);
      if (child === undefined) {
        child = newNode(key, node);
        node.children.set(key, child);
      }
      node = child;
    }
    node.subscriptions.add(subscription);
    const target = node;
    return () => {
      if (!subscription.active) return;
      subscription.active = false;
      target.subscriptions.delete(subscription);
      prune(target);
    };
  }

  /** Calls, once each, the subscribers whose path is on, above or below a changed path. */
  notify(changes: PathChanges, state: State, previous: State): void {
    const hit = new Set<Subscription<State>>(this.everywhere);
    if (changes.all) {
      collectSubtree(this.root, hit);
    } else {
      const collected = new Set<ListenerNode<State>>();
      for (const segments of changes.paths) this.collectChanged(segments, hit, collected);
    }
    for (const subscription of hit) if (subscription.active) subscription.listener(state, previous);
  }

  private collectChanged(
    segments: readonly PathSegment[],
    hit: Set<Subscription<State>>,
    collected: Set<ListenerNode<State>>,
  ): void {
    let node: ListenerNode<State> | undefined = this.root;
    for (const segment of segments) {
      addAll(hit, node.subscriptions);
      // A patch path with a wildcard is not a concrete path: treat it as touching the whole subtree.
      if (segment === WILDCARD) break;
      node = node.children.get(String(segment));
      if (node === undefined) return;
    }
    if (collected.has(node)) return;
    collected.add(node);
    collectSubtree(node, hit);
  }
}

function newNode<State>(key: string, parent: ListenerNode<State> | undefined): ListenerNode<State> {
  return { key, parent, children: new Map(), subscriptions: new Set() };
}

function addAll<T>(into: Set<T>, from: Set<T>): void {
  for (const item of from) into.add(item);
}

/** Every subscription at or below `start`. Iterative: deep paths are fine. */
function collectSubtree<State>(start: ListenerNode<State>, hit: Set<Subscription<State>>): void {
  const stack = [start];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    addAll(hit, node.subscriptions);
    for (const child of node.children.values()) stack.push(child);
  }
}

/** Drops nodes left without subscriptions or children, bottom up. */
function prune<State>(start: ListenerNode<State>): void {
  let node: ListenerNode<State> | undefined = start;
  while (node?.parent !== undefined && node.subscriptions.size === 0 && node.children.size === 0) {
    node.parent.children.delete(node.key);
    node = node.parent;
  }
}
