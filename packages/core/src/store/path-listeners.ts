import { type PathSegment, parsePath, WILDCARD } from '../patch/path';

/**
 * What one update changed: the subtrees rooted at `paths` (their ancestors changed with them), or
 * everything (`all`: a retry, the final data, a status or error change). `paths` is left out when
 * no path has a subscriber (nothing would read it).
 */
export type PathChanges = {
  all: boolean;
  readonly paths: (readonly PathSegment[])[] | undefined;
};

type Listener<State> = (state: State, previous: State) => void;

type ListenerNode<State> = {
  readonly key: string;
  readonly parent: ListenerNode<State> | undefined;
  readonly children: Map<string, ListenerNode<State>>;
  readonly listeners: Set<Listener<State>>;
};

/** The listeners an update calls, each with the set that holds it while it is subscribed. */
type Hit<State> = Map<Listener<State>, Set<Listener<State>>>;

/**
 * Path subscriptions in a trie keyed by path segment, so an update notifies the subscribers of
 * the changed paths, of their ancestors and of their descendants — work proportional to the
 * changed paths and the subscribers it finds, not to every subscriber. Segments are keyed by
 * their string form (`a[0]` and `a["0"]` share a node: at worst a spurious notification).
 * Subscribers of a path with a wildcard hear about every update. A listener function is its own
 * subscription: subscribe each function once (the store wraps every listener in a new one).
 */
export class PathListeners<State> {
  readonly #root: ListenerNode<State> = newNode('', undefined);
  readonly #everywhere = new Set<Listener<State>>();

  /** Throws `PathSyntaxError` for a malformed path. Returns the unsubscribe function. */
  subscribe(path: string, listener: Listener<State>): () => void {
    const segments = parsePath(path);
    const node = segments.includes(WILDCARD) ? undefined : nodeAt(this.#root, segments);
    const listeners = node?.listeners ?? this.#everywhere;
    listeners.add(listener);
    return () => {
      if (listeners.delete(listener) && node !== undefined) prune(node);
    };
  }

  /** Whether no path has a subscriber (a store nothing renders yet): an update has no one to tell. */
  get empty(): boolean {
    const root = this.#root;
    return this.#everywhere.size === 0 && root.listeners.size === 0 && root.children.size === 0;
  }

  /** Calls, once each, the subscribers whose path is on, above or below a changed path. */
  notify(changes: PathChanges, state: State, previous: State): void {
    if (this.empty) return;
    const hit: Hit<State> = new Map();
    addAll(hit, this.#everywhere);
    if (changes.all) {
      collectSubtree(this.#root, hit);
    } else {
      const collected = new Set<ListenerNode<State>>();
      for (const segments of changes.paths ?? []) collectChanged(this.#root, segments, hit, collected);
    }
    // A listener that an earlier one unsubscribed is no longer in its set: skip it.
    for (const [listener, listeners] of hit) if (listeners.has(listener)) listener(state, previous);
  }
}

function newNode<State>(key: string, parent: ListenerNode<State> | undefined): ListenerNode<State> {
  return { key, parent, children: new Map(), listeners: new Set() };
}

/** The node of a concrete path, made with its missing ancestors. */
function nodeAt<State>(root: ListenerNode<State>, segments: readonly PathSegment[]): ListenerNode<State> {
  let node = root;
  for (const segment of segments) {
    const key = String(segment);
    let child = node.children.get(key);
    if (child === undefined) {
      child = newNode(key, node);
      node.children.set(key, child);
    }
    node = child;
  }
  return node;
}

function addAll<State>(hit: Hit<State>, listeners: Set<Listener<State>>): void {
  for (const listener of listeners) hit.set(listener, listeners);
}

/** The listeners on the way to `segments` and at or below it (each subtree collected once). */
function collectChanged<State>(
  root: ListenerNode<State>,
  segments: readonly PathSegment[],
  hit: Hit<State>,
  collected: Set<ListenerNode<State>>,
): void {
  let node: ListenerNode<State> | undefined = root;
  for (const segment of segments) {
    addAll(hit, node.listeners);
    // A patch path with a wildcard is not a concrete path: treat it as touching the whole subtree.
    if (segment === WILDCARD) break;
    node = node.children.get(String(segment));
    if (node === undefined) return;
  }
  if (collected.has(node)) return;
  collected.add(node);
  collectSubtree(node, hit);
}

/** Every listener at or below `start`. Iterative: deep paths are fine. */
function collectSubtree<State>(start: ListenerNode<State>, hit: Hit<State>): void {
  const stack = [start];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    addAll(hit, node.listeners);
    for (const child of node.children.values()) stack.push(child);
  }
}

/** Drops nodes left without listeners or children, bottom up. */
function prune<State>(start: ListenerNode<State>): void {
  let node: ListenerNode<State> | undefined = start;
  while (node?.parent !== undefined && node.listeners.size === 0 && node.children.size === 0) {
    node.parent.children.delete(node.key);
    node = node.parent;
  }
}
