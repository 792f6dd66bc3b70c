import { readOwn } from '../../patch/apply-patch';
import { appendSegment, type PathSegment, parsePath, WILDCARD } from '../../patch/path';
import type { EnsureLevel } from '../../schema/schema-types';

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
 * Returns one failure per failing ensured path, naming its first failing concrete path.
 */
export function checkEnsurePaths(data: unknown, ensureKeys: Readonly<Record<string, EnsureLevel>>): EnsureFailure[] {
  const failures: EnsureFailure[] = [];
  for (const [path, level] of Object.entries(ensureKeys)) {
    const reason = checkOne(data, parsePath(path), level);
    if (reason !== undefined) failures.push({ path, level, reason });
  }
  return failures;
}

type Match = { value: unknown; path: string };

function checkOne(data: unknown, segments: readonly PathSegment[], level: EnsureLevel): string | undefined {
  let matches: Match[] = [{ value: data, path: '' }];
  let lastList: string | undefined;
  for (const segment of segments) {
    const next: Match[] = [];
    for (const match of matches) {
      if (segment === WILDCARD) {
        if (!Array.isArray(match.value)) return `${label(match.path)} is not a list`;
        lastList = match.path;
        match.value.forEach((item, index) => {
          next.push({ value: item, path: appendSegment(match.path, index) });
        });
        continue;
      }
      const path = appendSegment(match.path, segment);
      const value = readOwn(match.value, segment);
      if (value === undefined) return `${path} is missing`;
      next.push({ value, path });
    }
    matches = next;
  }
  if (level === 'presence') return undefined;
  if (matches.length === 0) return `${label(lastList ?? '')} has no items`;
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
