/**
 * The deepest nesting a response's parsers accept unless `maxDepth` says otherwise. Every level
 * of an answer is a path the store writes and every path repeats its ancestors, so the work of a
 * streamed answer grows with the square of its depth: a small answer nested thousands of levels
 * deep could freeze a tab (decision 0015). Past this depth the parse stops early with a
 * `DepthLimitError`. Answers that match a schema nest a handful of levels; pass a larger `maxDepth`
 * (or `Infinity`) to lift it.
 */
export const DEFAULT_MAX_DEPTH = 256;
