import { readOwn } from '../../patch/apply-patch';
import { appendSegment, type PathSegment, parsePath, WILDCARD } from '../../patch/path';
import type { EnsureLevel, OutputNode } from '../../schema/schema-types';

/** One ensured path that failed, with the concrete place and why. */
export type EnsureFailure = { path: string; level: EnsureLevel; reason: string };

/**
 * Checks ensured paths (docs/architecture.md §4.3), e.g. `{ summary: 'presence', 'items[*].name': 'not_null' }`.
 *
 * - `presence`: the path resolves; any value passes, including null, '', false, 0 and []. A
 *   wildcard over an empty list has no matches, which passes.
 * - `not_null`: every match must be present and non-empty: null, a blank string, an empty list,
 *   a list holding a failing item, and a wildcard with no matches fail; false and 0 pass.
 *
 * Under an object or a list a JSON Schema compiled (`root`, its nodes carry `constraints`), a key
 * is ensured only where that object or list is there: left out (or null, when the schema allows
 * null), it has nothing to ensure, and no items is no failure: the schema's `required` and
 * `minItems` of the object or list itself say whether it must be there (its own ensured path).
 * Under the tuple DSL's, a missing object or list fails, as does `not_null` over no items.
 *
 * Returns one failure per failing ensured path, naming its first failing concrete path.
 */
export function checkEnsurePaths(
  data: unknown,
  ensureKeys: Readonly<Record<string, EnsureLevel>>,
  root?: OutputNode,
): EnsureFailure[] {
  const failures: EnsureFailure[] = [];
  for (const [path, level] of Object.entries(ensureKeys)) {
    const reason = checkOne(data, parsePath(path), level, root);
    if (reason !== undefined) failures.push({ path, level, reason });
  }
  return failures;
}

type Match = { value: unknown; path: string };

function checkOne(
  data: unknown,
  segments: readonly PathSegment[],
  level: EnsureLevel,
  root: OutputNode | undefined,
): string | undefined {
  let matches: Match[] = [{ value: data, path: '' }];
  let lastList: string | undefined;
  let node = root;
  // Whether a JSON Schema's list or left-out object is on the path: no matches is no failure then.
  let fromSchema = false;
  for (const [index, segment] of segments.entries()) {
    const next: Match[] = [];
    const parent = node;
    node =
      parent?.kind === 'array'
        ? parent.item
        : parent?.kind === 'object'
          ? parent.fields.get(String(segment))
          : undefined;
    const optionalHere = index < segments.length - 1 && node?.constraints !== undefined;
    for (const match of matches) {
      if (segment === WILDCARD) {
        fromSchema = parent?.constraints !== undefined;
        if (match.value === null && parent?.constraints?.nullable) continue;
        if (!Array.isArray(match.value)) return `${label(match.path)} is not a list`;
        lastList = match.path;
        match.value.forEach((item, index) => {
          next.push({ value: item, path: appendSegment(match.path, index) });
        });
        continue;
      }
      const path = appendSegment(match.path, segment);
      const value = readOwn(match.value, segment);
      // A schema's object or list on the way, left out or null where allowed: nothing under it to ensure.
      if (optionalHere && (value === undefined || (value === null && node?.constraints?.nullable))) {
        fromSchema = true;
        continue;
      }
      if (value === undefined) return `${path} is missing`;
      next.push({ value, path });
    }
    matches = next;
  }
  if (level === 'presence') return undefined;
  if (matches.length === 0) return fromSchema ? undefined : `${label(lastList ?? '')} has no items`;
  for (const match of matches) {
    const reason = emptiness(match.value, match.path);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/**
 * Why a value counts as empty for `not_null`, or `undefined` when it does not (also judged per field
 * as it closes: response/field-checks.ts). A list is empty
 * when it has no items or holds an empty item (checked iteratively: nesting depth is data).
 */
export function emptiness(value: unknown, path: string): string | undefined {
  const stack: Match[] = [{ value, path }];
  while (stack.length > 0) {
    const current = stack.pop() as Match;
    const item = current.value;
    if (item === null || item === undefined) return `${label(current.path)} is null`;
    if (typeof item === 'string' && item.trim() === '') return `${label(current.path)} is blank`;
    if (Array.isArray(item)) {
      if (item.length === 0) return `${label(current.path)} is an empty list`;
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], path: appendSegment(current.path, i) });
    }
  }
  return undefined;
}

function label(path: string): string {
  return path === '' ? '(root)' : path;
}
