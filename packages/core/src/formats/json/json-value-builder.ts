import { DepthLimitError } from '../../errors/errors';
import { readOwn, writeOwn } from '../../patch/apply-patch';
import { formatPath, type PathSegment, wildcardOf } from '../../patch/path';
import type { CompletionSource, StreamingData } from '../../patch/streaming-data';
import type { FinalParse } from '../format-parser';
import { subtreeDoneEvents } from '../reconcile-with-final';
import { IndexTrail } from './index-trail';
import { deltaEvent, doneEvent } from './json-stream-events';
import { type Container, Frame, indexSuffix } from './json-stream-frame';
import { keySegment, keyWildcard } from './json-stream-keys';
import { NOT_A_VALUE, parseWord } from './json-stream-word';

const OBSERVED: CompletionSource = 'observed_boundary';
/** The scalar being read (an enum: bundlers inline its members, module constants are context loads). */
enum Scalar {
  None,
  StringOpen,
  WordOpen,
}

/**
 * Builds the value the tokenizer reads and emits its events: paths, the open-container stack,
 * string growth, scalar completion, and the closing of whatever is still open at the end.
 * Containers are filled in place (O(1) per write, whatever their size) and never touched again
 * once closed, so `snapshot()` is the live value itself.
 */
export class JsonValueBuilder {
  /** The events of the current push / finish, created with the first one (most chunks have 0 or 1). */
  events: StreamingData[] | undefined;
  readonly stack: Frame[] = [];
  readonly #maxDepth: number;
  readonly #basePath: readonly PathSegment[];
  readonly #rootPath: string;
  readonly #rootWildcard: string;
  readonly #rootTrail: IndexTrail | undefined;
  // The place of the value being started or the scalar being read.
  #path: string;
  #wildcard: string;
  #trail: IndexTrail | undefined;
  #segment: PathSegment = '';
  #scalar = Scalar.None;
  #string = '';
  /** The open string has not emitted its opening delta yet. */
  #fresh = false;
  /** The root value while no container is open (complete, or a root string still streaming). */
  #root: unknown = undefined;
  #rootComplete = false;

  constructor(basePath: readonly PathSegment[], maxDepth: number) {
    this.#maxDepth = maxDepth;
    this.#basePath = basePath;
    this.#rootPath = formatPath(basePath);
    this.#rootWildcard = wildcardOf(this.#rootPath);
    this.#rootTrail = IndexTrail.of(basePath.filter((segment): segment is number => typeof segment === 'number'));
    this.#path = this.#rootPath;
    this.#wildcard = this.#rootWildcard;
  }

  get rootComplete(): boolean {
    return this.#rootComplete;
  }

  /** The innermost open container. */
  get top(): Frame | undefined {
    const stack = this.stack;
    // Never `stack[-1]`: one read of a negative index turns every read of this site megamorphic.
    return stack.length === 0 ? undefined : stack[stack.length - 1];
  }

  /** Places the value starting now: the root, the next element, or the current key's value. */
  place(): void {
    const top = this.top;
    if (top === undefined) {
      this.#path = this.#rootPath;
      this.#wildcard = this.#rootWildcard;
      this.#trail = this.#rootTrail;
    } else if (top.isArray) {
      this.#segment = top.count;
      this.#path = top.path + indexSuffix(top.count);
      this.#wildcard = top.itemWildcard;
      this.#trail = new IndexTrail(top.count, top.trail);
    } else {
      const segment = keySegment(top.key);
      this.#segment = segment.key;
      this.#path = top.path === '' ? segment.first : top.path + segment.next;
      this.#wildcard =
        top.wildcard === ''
          ? segment.first
          : top.sharesKeyWildcards
            ? keyWildcard(segment, top.wildcard)
            : top.wildcard + segment.next;
      this.#trail = top.trail;
    }
  }

  /** Opens a container at the current place (throws `DepthLimitError` beyond `maxDepth`). */
  openContainer(isArray: boolean): void {
    if (this.stack.length >= this.#maxDepth) throw new DepthLimitError(this.#maxDepth, this.#path);
    const container: Container = isArray ? [] : {};
    this.#store(container);
    const inArray = !isArray && this.top?.isArray === true;
    this.stack.push(new Frame(isArray, container, this.#path, this.#wildcard, this.#trail, this.#segment, inArray));
    this.#emit(deltaEvent(this.#path, this.#wildcard, this.#trail, '', isArray ? [] : {}));
  }

  /** Closes the innermost container (its closer was read). Returns whether it was the root. */
  closeContainer(): boolean {
    const frame = this.stack.pop() as Frame;
    this.#emit(doneEvent(frame.path, frame.wildcard, frame.trail, frame.container, OBSERVED));
    if (this.stack.length === 0) {
      this.#root = frame.container;
      this.#rootComplete = true;
      return true;
    }
    this.#afterValue();
    return false;
  }

  openString(): void {
    this.#scalar = Scalar.StringOpen;
    this.#string = '';
    this.#fresh = true;
    this.#store('');
  }

  /** Appends decoded text to the open string: one delta (the first one even when empty). */
  appendString(piece: string): void {
    if (piece === '' && !this.#fresh) return;
    this.#fresh = false;
    // Not stored in its container on every chunk: `snapshot()` stores it when asked.
    if (piece !== '') this.#string += piece;
    this.#emit(deltaEvent(this.#path, this.#wildcard, this.#trail, piece, this.#string));
  }

  /** The open string's closing quote was read. Returns whether it was the root. */
  closeString(): boolean {
    // Flatten the rope of chunks into one string: a closed value is kept for the whole stream.
    this.#string.charCodeAt(0);
    return this.completeScalar(this.#string);
  }

  /** A bare word (number or literal) starts at the current place. */
  openWord(): void {
    this.#scalar = Scalar.WordOpen;
  }

  /** A scalar is complete. Returns whether it was the root. */
  completeScalar(value: unknown): boolean {
    this.#scalar = Scalar.None;
    this.#emit(doneEvent(this.#path, this.#wildcard, this.#trail, value, OBSERVED));
    this.#store(value);
    if (this.stack.length === 0) {
      this.#rootComplete = true;
      return true;
    }
    this.#afterValue();
    return false;
  }

  snapshot(): unknown {
    const stack = this.stack;
    if (this.#scalar === Scalar.StringOpen) this.#store(this.#string); // bring the open string up to date
    return stack.length === 0 ? this.#root : (stack[0] as Frame).container;
  }

  /**
   * Closes everything still open, innermost first: `stringRest` is the open string's undelivered
   * text, `word` the open word. Values come from `final` at the absolute path when it has one.
   */
  finish(final: FinalParse | undefined, stringRest: string, word: string): void {
    let finalRoot: unknown;
    if (final !== undefined) {
      finalRoot = final.value;
      for (const segment of this.#basePath) finalRoot = readOwn(finalRoot, segment);
    }
    const source: CompletionSource =
      final !== undefined && !final.repaired ? 'final_reconciliation' : 'synthetic_repair';
    const stack = this.stack;
    // The final value along the open spine, outermost first.
    const finals: unknown[] = new Array(stack.length);
    let node = finalRoot;
    for (let depth = 0; depth < stack.length; depth++) {
      if (depth > 0) node = readOwn(node, (stack[depth] as Frame).segment);
      finals[depth] = node;
    }
    const scalarFinal = stack.length === 0 ? finalRoot : readOwn(finals[stack.length - 1], this.#segment);
    let openChild = this.#scalar !== Scalar.None;
    if (this.#scalar === Scalar.StringOpen) this.#closeStringAtEnd(scalarFinal, source, stringRest);
    else if (this.#scalar === Scalar.WordOpen) this.#closeWordAtEnd(scalarFinal, source, word);
    this.#scalar = Scalar.None;
    for (let depth = stack.length - 1; depth >= 0; depth--) {
      const frame = stack.pop() as Frame;
      const found = finals[depth] !== undefined;
      const value = found ? finals[depth] : frame.container;
      if (found) this.#completeUnstreamedChildren(frame, value, openChild, source);
      openChild = true;
      this.#emit(doneEvent(frame.path, frame.wildcard, frame.trail, value, found ? source : 'synthetic_repair'));
      this.#segment = frame.segment;
      this.#store(value);
    }
    if (finalRoot !== undefined) this.#root = finalRoot;
  }

  /**
   * The children `final` has after what the stream delivered (the stream stopped early or broke
   * off): their `done` events, so every path still completes before its container does.
   */
  #completeUnstreamedChildren(frame: Frame, final: unknown, openChild: boolean, source: CompletionSource): void {
    if (Array.isArray(final) !== frame.isArray || final === null || typeof final !== 'object') return;
    // Built only when a child is missing: at every level of a deep spine it would cost O(depth²).
    const indexes = () => frame.trail?.toArray() ?? [];
    const emit = (value: unknown, path: string, wildcard: string, childIndexes: number[]) => {
      for (const event of subtreeDoneEvents(value, { path, wildcard, indexes: childIndexes }, source))
        this.#emit(event);
    };
    if (Array.isArray(final)) {
      for (let index = frame.count + (openChild ? 1 : 0); index < final.length; index++) {
        emit(final[index], frame.path + indexSuffix(index), frame.itemWildcard, [...indexes(), index]);
      }
      return;
    }
    for (const key of Object.keys(final)) {
      if (Object.hasOwn(frame.container, key)) continue;
      const segment = keySegment(key);
      const path = frame.path === '' ? segment.first : frame.path + segment.next;
      const wildcard = frame.wildcard === '' ? segment.first : frame.wildcard + segment.next;
      emit(readOwn(final, key), path, wildcard, indexes());
    }
  }

  #closeStringAtEnd(finalValue: unknown, source: CompletionSource, rest: string): void {
    if (finalValue === undefined) {
      this.appendString(rest);
      this.#emit(doneEvent(this.#path, this.#wildcard, this.#trail, this.#string, 'synthetic_repair'));
      this.#store(this.#string);
      return;
    }
    const streamed = this.#string;
    if (typeof finalValue === 'string' && finalValue.startsWith(streamed)) {
      const added = finalValue.slice(streamed.length);
      if (added !== '' || this.#fresh)
        this.#emit(deltaEvent(this.#path, this.#wildcard, this.#trail, added, finalValue));
    }
    this.#emit(doneEvent(this.#path, this.#wildcard, this.#trail, finalValue, source));
    this.#store(finalValue);
  }

  #closeWordAtEnd(finalValue: unknown, source: CompletionSource, word: string): void {
    const found = finalValue !== undefined;
    const value = found ? finalValue : parseWord(word);
    if (value === NOT_A_VALUE) return; // never shown (scalars are atomic), so nothing to close
    this.#emit(doneEvent(this.#path, this.#wildcard, this.#trail, value, found ? source : 'synthetic_repair'));
    this.#store(value);
  }

  #emit(event: StreamingData): void {
    if (this.events === undefined) this.events = [event];
    else this.events.push(event);
  }

  #afterValue(): void {
    const top = this.top as Frame;
    if (top.isArray) top.count++;
    top.open = false;
  }

  /** Writes `value` at the current place: into the innermost open container, or as the root. */
  #store(value: unknown): void {
    const stack = this.stack;
    if (stack.length === 0) {
      this.#root = value;
      return;
    }
    const container = (stack[stack.length - 1] as Frame).container;
    const segment = this.#segment;
    // An element apart: its own store site stays fast, and only a key can be `__proto__`.
    if (typeof segment === 'number') (container as unknown[])[segment] = value;
    else writeOwn(container, segment, value);
  }
}
