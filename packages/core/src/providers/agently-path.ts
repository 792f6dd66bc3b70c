import { appendSegment, type PathSegment, parsePath } from '../patch/path';

/** Reserved channels keep their bare names (`$reasoning`, not `["$reasoning"]`). */
const CHANNELS: ReadonlySet<string> = new Set(['$reasoning', '$status']);

/**
 * The segments of a path as an Agently service writes it: our own syntax (`a["x y"][0]`), Agently's
 * dot style, where keys are not quoted (`items[0].title`, `meta.x y`), or its slash style
 * (`/items/0/title`, `streaming_parse_path_style="slash"`). Reserved channels (`$reasoning`,
 * `$status`) pass through.
 */
function agentlyPathSegments(path: string): PathSegment[] {
  if (path.startsWith('/')) return slashSegments(path);
  try {
    return parsePath(path);
  } catch {
    return dotSegments(path);
  }
}

/** The canonical path (our syntax) for an Agently path. */
export function canonicalAgentlyPath(path: string): { path: string; segments: PathSegment[] } {
  const segments = agentlyPathSegments(path);
  let canonical = '';
  for (const [index, segment] of segments.entries()) {
    canonical =
      index === 0 && typeof segment === 'string' && CHANNELS.has(segment) ? segment : appendSegment(canonical, segment);
  }
  return { path: canonical, segments };
}

function slashSegments(path: string): PathSegment[] {
  return path
    .slice(1)
    .split('/')
    .map((part) => {
      const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
      return /^(0|[1-9][0-9]*)$/.test(key) ? Number(key) : key;
    });
}

// Agently's own reading: split on ".", then peel `[n]` index suffixes off each part.
function dotSegments(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const part of path.split('.')) {
    const bracket = part.search(/\[\d+\]/);
    const base = bracket < 0 ? part : part.slice(0, bracket);
    if (base !== '') segments.push(base);
    if (bracket >= 0) for (const match of part.slice(bracket).matchAll(/\[(\d+)\]/g)) segments.push(Number(match[1]));
  }
  return segments;
}
