import { type Container, isContainer } from '../patch/container';
import type { StreamingData } from '../patch/streaming-data';
import type { ChunkEvent } from '../response/response-events';
import type { StoreInput } from './store-input';

/**
 * The containers one update streams whole (decision 0027): a container's opening delta, then only
 * patches of its direct children in the same attempt (an object's keys, a list's indexes in order;
 * a deeper path comes after its own container opened), each child ending with a `done` observed at
 * its boundary, then the container's own observed `done`, whose value holds exactly those children.
 * That value is what the skipped patches build, and every path in it would end with the record the
 * container's `done` makes, so the update writes the container once instead. A skipped patch could
 * not have thrown: its path is a valid child of a valid path, written where a list grows, into a
 * container of its kind. Returns `ends[start] = end` per span (positions as the update counts
 * patches, event lists included), `undefined` when there is none. Linear: a path like the one
 * before is not checked again.
 */
export function closedSpans(inputs: readonly StoreInput[]): number[] | undefined {
  // One chunk of a few patches (a store that applies every chunk at once) rarely holds a whole
  // container, and writing one patch by patch costs about as much.
  if (inputs.length === 1 && !Array.isArray(inputs[0]) && (inputs[0] as ChunkEvent).patches.length < 4)
    return undefined;
  let ends: number[] | undefined;
  // The open containers, innermost at `depth - 1`: reused, never shrunk (a `length` change is a runtime call).
  let stack: OpenContainer[] | undefined;
  let depth = 0;
  let previous: string | undefined;
  /** A child whose value streams and has not ended. */
  let open: string | undefined;
  let attempt = -1;
  let at = 0;
  for (let input = 0; input < inputs.length; input++) {
    const events = inputs[input] as StoreInput;
    // An event list between chunks ends every span (it may hold anything).
    if (Array.isArray(events)) {
      depth = 0;
      at += events.length;
      continue;
    }
    const chunk = events as ChunkEvent;
    if (chunk.attempt !== attempt) depth = 0;
    attempt = chunk.attempt;
    const patches = chunk.patches;
    for (let i = 0; i < patches.length; i++) {
      const data = patches[i] as StreamingData;
      const path = data.path;
      const value = data.value;
      const done = data.event_type === 'done';
      const container = isContainer(value);
      // The next delta of the child that streams (most patches of an answer): it changes nothing.
      if (path === open && !done && !container) {
        at++;
        continue;
      }
      // A `done` not observed at its boundary, or a child that ended without one, would keep a
      // record unlike the container's.
      if (done && !(data.is_complete === true && data.completion_source === 'observed_boundary')) depth = 0;
      if (open !== undefined && path !== open) depth = 0;
      open = done || container ? undefined : path;
      // Never `stack[-1]`: a negative index is a property lookup by name.
      const top = depth > 0 ? stack?.[depth - 1] : undefined;
      if (top !== undefined && path === top.path) {
        if (done && container && holdsExactly(value, path, top.children)) {
          ends ??= [];
          ends[top.start] = at;
          depth--;
        } else depth = 0;
      } else {
        if (top !== undefined && path !== previous && !top.adopt(path)) depth = 0;
        if (container && !done && path.length <= MAX_SPAN_PATH && path.charCodeAt(0) !== DOLLAR) {
          stack ??= [];
          stack[depth++] = new OpenContainer(at, path, Array.isArray(value));
        } else if (container) depth = 0;
      }
      previous = path;
      at++;
    }
  }
  return ends;
}

/** Containers on longer paths are applied patch by patch (a field state looks their paths up). */
export const MAX_SPAN_PATH = 256;

class OpenContainer {
  /** An object's children's paths, or how many items a list has (its next index). */
  declare children: string[] | number;
  constructor(
    readonly start: number,
    readonly path: string,
    list: boolean,
  ) {
    this.children = list ? 0 : [];
  }

  /**
   * Takes `path` as its next child: the next `[index]` of a list; for an object, a path under it
   * after a `.` (bare at the root), whose key `holdsExactly` checks at the container's `done`.
   */
  adopt(path: string): boolean {
    const children = this.children;
    const start = this.path.length;
    const end = path.length;
    if (typeof children === 'number') {
      // `[n]`, n the next index: its digits read back from the bracket.
      if (path.charCodeAt(end - 1) !== CLOSE_BRACKET) return false;
      let rest = children;
      let at = end - 2;
      do {
        if (path.charCodeAt(at--) !== DIGIT_0 + (rest % 10)) return false;
        rest = Math.floor(rest / 10);
      } while (rest > 0);
      if (at !== start || path.charCodeAt(at) !== OPEN_BRACKET) return false;
    } else if (start > 0 && path.charCodeAt(start) !== DOT) {
      // `.key` (bare at the root): that the key is one identifier, so the path one segment deeper,
      // is checked at the container's `done`, where `holdsExactly` reads its characters anyway.
      return false;
    }
    // The prefix last, with `lastIndexOf(…, 0)` (it can only match at 0): on a stream's concatenated
    // paths `startsWith` costs many times more a call (decision 0027).
    if (path.lastIndexOf(this.path, 0) !== 0) return false;
    if (typeof children !== 'number') children.push(path);
    else this.children = children + 1;
    return true;
  }
}

const DOLLAR = 36;
const DOT = 46;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const DIGIT_0 = 48;

/**
 * Whether the finished container at `path` holds exactly the children that streamed: a list as
 * many items, an object the same keys in the same order, each an identifier (each child's path is
 * `path.key`, compared without building it; a key streamed twice counts twice, so it does not match).
 */
function holdsExactly(value: Container, path: string, children: string[] | number): boolean {
  if (typeof children === 'number') return Array.isArray(value) && value.length === children;
  if (Array.isArray(value)) return false;
  const names = Object.keys(value);
  if (names.length !== children.length) return false;
  const prefix = path === '' ? 0 : path.length + 1;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const child = children[i] as string;
    if (child.length !== prefix + name.length || name === '' || isDigit(name.charCodeAt(0))) return false;
    // Compared in place: `endsWith` on a concatenated path costs more than reading its characters (decision 0027).
    for (let at = 0; at < name.length; at++) {
      const char = name.charCodeAt(at);
      if (!isIdentifierChar(char) || child.charCodeAt(prefix + at) !== char) return false;
    }
  }
  return true;
}

function isDigit(char: number): boolean {
  return char >= 48 && char <= 57;
}

/** A-Z, a-z, 0-9, `_`: a character of a key written `.key`. */
function isIdentifierChar(char: number): boolean {
  return (char >= 65 && char <= 90) || (char >= 97 && char <= 122) || isDigit(char) || char === 95;
}
