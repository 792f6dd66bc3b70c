import { DepthLimitError } from '../../errors/errors';
import { writeOwn } from '../../patch/apply-patch';
import { formatPath, type PathSegment } from '../../patch/path';
import { fullWidthStructural, quoteKindOf, skipTrivia } from './json-characters';
import { readIdentifier, readNumberOrLiteral, readString, type ScalarResult, unexpected } from './json-scalar-reader';

/** A container that closed inside a read: a valid value on its own. */
export type CompletedValue = { value: unknown; start: number; end: number; repaired: boolean };

/** What {@link readJsonValue} gave. */
export type ReadOutcome =
  | {
      ok: true;
      value: unknown;
      /** Index just after the value (the text's length when it was truncated). */
      end: number;
      /** Something had to be repaired or closed to get `value`. */
      repaired: boolean;
      /** The text ended before the value did; open strings and containers were closed. */
      truncated: boolean;
    }
  | {
      ok: false;
      /** Where the reader gave up. */
      position: number;
      reason: string;
      /**
       * The outermost containers that closed before the failure, in document order: each is a
       * complete value that a search may still use.
       */
      completed: CompletedValue[];
    };

export type ReadOptions = { maxDepth?: number | undefined };

type Frame = {
  container: unknown[] | Record<string, unknown>;
  isArray: boolean;
  start: number;
  /** How this frame is reached from its parent (for a depth error's path). */
  segment: PathSegment | undefined;
  /** The pending key of an object frame, between reading it and storing its value. */
  key: string | undefined;
  /** The reader's repair count when this frame opened. */
  repairsAtOpen: number;
};

enum Expect {
  Value,
  Key,
  Colon,
  Separator,
}

/**
 * Reads one JSON value starting at `start`, leniently (JSON5 syntax, full-width structure,
 * typographic quotes, missing commas) and iteratively: nesting depth is bounded by memory only.
 *
 * When the text ends inside the value, everything read so far is kept: an open string keeps its
 * content, open containers are closed, and a dangling key or half literal is dropped.
 * Containers are stored in their parent as soon as they open, so closing them is free. Object
 * keys are stored as own data (`__proto__` included), as `JSON.parse` does.
 */
export function readJsonValue(text: string, start: number, options: ReadOptions = {}): ReadOutcome {
  const frames: Frame[] = [];
  const completed: CompletedValue[] = [];
  const maxDepth = options.maxDepth ?? Number.POSITIVE_INFINITY;
  let repairs = 0;
  let root: unknown;
  let expect = Expect.Value;
  let pos = start;

  const fail = (position: number, reason: string): ReadOutcome => ({ ok: false, position, reason, completed });
  const failWith = (result: ScalarResult & { status: 'error' }) => fail(result.position, result.reason);
  /** Stores a finished value in the open container; `true` when it was the root. */
  const store = (value: unknown): boolean => {
    const top = frames[frames.length - 1];
    if (top === undefined) {
      root = value;
      return true;
    }
    if (top.isArray) (top.container as unknown[]).push(value);
    else writeOwn(top.container as Record<string, unknown>, top.key as string, value);
    top.key = undefined;
    return false;
  };
  /** Closes the innermost container, whose closer is missing (a repair). */
  const closeUnclosed = (frame: Frame): void => {
    repairs++;
    frames.pop();
    completed.push({ value: frame.container, start: frame.start, end: pos, repaired: true });
  };
  const truncatedResult = (): ReadOutcome => {
    if (frames.length === 0) return fail(text.length, 'unexpected end of text, expected a value');
    return { ok: true, value: root, end: text.length, repaired: true, truncated: true };
  };

  for (;;) {
    pos = skipTrivia(text, pos);
    if (pos >= text.length) return truncatedResult();
    const raw = text.charCodeAt(pos);
    const fullWidth = fullWidthStructural(raw);
    const code = fullWidth ?? raw;
    const top = frames[frames.length - 1];

    if (expect === Expect.Separator) {
      const parent = top as Frame;
      if (code === 0x2c /* , */) {
        expect = parent.isArray ? Expect.Value : Expect.Key;
        pos++;
      } else if (code === (parent.isArray ? 0x5d : 0x7d)) {
        pos++;
        frames.pop();
        const repaired = repairs > parent.repairsAtOpen || fullWidth !== undefined;
        if (fullWidth !== undefined) repairs++;
        if (frames.length === 0) return { ok: true, value: root, end: pos, repaired: repairs > 0, truncated: false };
        while (completed.length > 0 && (completed[completed.length - 1] as CompletedValue).start > parent.start) {
          completed.pop();
        }
        completed.push({ value: parent.container, start: parent.start, end: pos, repaired });
        continue;
      } else if (startsMember(text, pos, code, parent.isArray)) {
        // A missing comma between two members: insert it.
        repairs++;
        expect = parent.isArray ? Expect.Value : Expect.Key;
      } else if (code === 0x7b && !parent.isArray && frames[frames.length - 2]?.isArray === true) {
        // `[{"i":1{"i":2}]`: an object of a list runs into the next one; close it (a missing `},`).
        closeUnclosed(parent);
        expect = Expect.Value;
        continue;
      } else if ((code === 0x5d || code === 0x7d) && frames[frames.length - 2]?.isArray === (code === 0x5d)) {
        // `[{"b":2]`, `{"v":[1,2}`: the enclosing container closes; close this one first (a missing closer).
        closeUnclosed(parent);
        continue;
      } else {
        return failWith(unexpected(text, pos, parent.isArray ? "',' or ']'" : "',' or '}'"));
      }
      if (fullWidth !== undefined) repairs++;
      continue;
    }

    if (expect === Expect.Key) {
      const parent = top as Frame;
      if (code === 0x7d /* } */) {
        expect = Expect.Separator; // Lets the separator branch close the object.
        continue;
      }
      if (code === 0x7b && frames[frames.length - 2]?.isArray === true) {
        // `[{"i":1,{"i":2}]`: the next object of the list where a key should be (a missing `}`).
        closeUnclosed(parent);
        expect = Expect.Value;
        continue;
      }
      const key = quoteKindOf(raw) !== undefined ? readString(text, pos) : readIdentifier(text, pos);
      if (key === undefined) return failWith(unexpected(text, pos, 'a key or }'));
      if (key.status === 'error') return failWith(key);
      if (key.status === 'truncated') return truncatedResult(); // A dangling key is dropped.
      if (key.repaired) repairs++;
      parent.key = key.value as string;
      pos = key.end;
      expect = Expect.Colon;
      continue;
    }

    if (expect === Expect.Colon) {
      if (code !== 0x3a /* : */ && quoteKindOf(raw) !== undefined) {
        // `{"a" "b"}`: a value right after its key (a missing colon).
        repairs++;
        expect = Expect.Value;
        continue;
      }
      if (code !== 0x3a /* : */) return failWith(unexpected(text, pos, "':'"));
      if (fullWidth !== undefined) repairs++;
      pos++;
      expect = Expect.Value;
      continue;
    }

    // Expect.Value
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (fullWidth !== undefined) repairs++;
      if (frames.length >= maxDepth) throw new DepthLimitError(maxDepth, pathOf(frames));
      const isArray = code === 0x5b;
      const container: unknown[] | Record<string, unknown> = isArray ? [] : {};
      const segment = top === undefined ? undefined : top.isArray ? (top.container as unknown[]).length : top.key;
      store(container);
      frames.push({ container, isArray, start: pos, segment, key: undefined, repairsAtOpen: repairs });
      expect = isArray ? Expect.Value : Expect.Key;
      pos++;
      continue;
    }
    if (code === 0x5d /* ] */ && top?.isArray === true) {
      expect = Expect.Separator; // An empty array or a trailing comma: let the separator branch close it.
      continue;
    }
    const scalar = quoteKindOf(raw) !== undefined ? readString(text, pos) : readNumberOrLiteral(text, pos);
    if (scalar.status === 'error') return failWith(scalar);
    if (scalar.status === 'truncated') {
      if (scalar.value !== undefined && top !== undefined) store(scalar.value);
      if (top === undefined && scalar.value !== undefined) {
        return { ok: true, value: scalar.value, end: text.length, repaired: true, truncated: true };
      }
      return truncatedResult();
    }
    if (scalar.repaired) repairs++;
    pos = scalar.end;
    if (store(scalar.value)) return { ok: true, value: root, end: pos, repaired: repairs > 0, truncated: false };
    expect = Expect.Separator;
  }
}

/** Whether a member could start at `pos` (used to repair a missing comma). */
function startsMember(text: string, pos: number, code: number, inArray: boolean): boolean {
  if (quoteKindOf(text.charCodeAt(pos)) !== undefined) return true;
  if (!inArray) return /[\p{ID_Start}$_]/u.test(String.fromCodePoint(text.codePointAt(pos) as number));
  return /[-+.0-9{[tfnIN]/.test(String.fromCharCode(code));
}

function pathOf(frames: readonly Frame[]): string {
  const segments: PathSegment[] = [];
  for (const frame of frames) if (frame.segment !== undefined) segments.push(frame.segment);
  const top = frames[frames.length - 1];
  if (top !== undefined) segments.push(top.isArray ? (top.container as unknown[]).length : (top.key as string));
  return formatPath(segments);
}
