/**
 * The deepest nesting a response's parsers accept unless `maxDepth` says otherwise. Every level
 * of an answer is a path the store writes and every path repeats its ancestors, so the work of a
 * streamed answer grows with the square of its depth: a 40 KB answer nested 20 000 levels deep
 * could freeze a tab. Past this depth the parse stops early with a `DepthLimitError`. Answers
 * that match a schema nest a handful of levels; pass a larger `maxDepth` (or `Infinity`) to lift it.
 */
export const DEFAULT_MAX_DEPTH = 256;
