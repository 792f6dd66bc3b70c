import { checkListIndex, checkSegments } from './check-patch';
import { type Container, isContainer, isRecord } from './container';
import { formatPath, type PathSegment } from './path';

/**
 * Returns a copy of `root` with `value` written at `segments`, copying only the containers on the
 * path (structural sharing): every untouched subtree keeps its reference. Missing containers are
 * created (an array for a numeric segment, an object otherwise). Keys such as `__proto__`,
 * `constructor` and `prototype` are stored as own data properties. Iterative, so a 100 000-deep
 * path does not overflow the stack.
 */
export function applyPatch(root: unknown, segments: readonly PathSegment[], value: unknown): unknown {
  checkSegments('applyPatch segments', segments);
  if (segments.length === 0) return value;
  const copies: Container[] = new Array(segments.length);
  let node: unknown = root;
  for (let depth = 0; depth < segments.length; depth++) {
    const segment = segments[depth] as PathSegment;
    if (typeof segment === 'number')
      checkListIndex(Array.isArray(node) ? node.length : 0, segment, () => formatPath(segments.slice(0, depth + 1)));
    const copy = copyContainer(node, typeof segment === 'number');
    copies[depth] = copy;
    node = readOwn(copy, segment);
  }
  // Link the copies bottom-up: each copy receives the next one (or the value) at its segment.
  let child: unknown = value;
  for (let depth = segments.length - 1; depth >= 0; depth--) {
    writeOwn(copies[depth] as Container, segments[depth] as PathSegment, child);
    child = copies[depth];
  }
  return child;
}

/** Reads an own property only (never the prototype chain). */
export function readOwn(container: unknown, segment: PathSegment): unknown {
  if (!isContainer(container)) return undefined;
  if (Array.isArray(container)) return typeof segment === 'number' ? container[segment] : undefined;
  const key = String(segment);
  return Object.hasOwn(container, key) ? (container as Record<string, unknown>)[key] : undefined;
}

/**
 * Writes `value` as an own data property, also for `__proto__` (on an object or a list alike: an
 * assignment would run the inherited setter and replace the container's prototype). Other keys,
 * `constructor` and `prototype` included, become own properties by plain assignment.
 */
export function writeOwn(container: Container, segment: PathSegment, value: unknown): void {
  if (segment === '__proto__') {
    Object.defineProperty(container, segment, { value, writable: true, enumerable: true, configurable: true });
  } else {
    (container as Record<PathSegment, unknown>)[segment] = value;
  }
}

function copyContainer(node: unknown, wantArray: boolean): Container {
  if (wantArray) return Array.isArray(node) ? node.slice() : [];
  if (isRecord(node)) {
    // Spread defines own data properties, so an own `__proto__` key is copied as data.
    return { ...(node as Record<string, unknown>) };
  }
  return {};
}
