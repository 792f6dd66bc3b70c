import { toolCallsOf } from '../tools/tool-calls-of';
import { deriveMeta } from './response-meta';

/**
 * What a settled response derives from its log when asked (`getToolCalls()`, `getMeta()`). A
 * response in the page loads this on demand (decision 0013); a response read from elsewhere (a
 * patch stream, a Worker) bundles it, so its bundle has no dynamic import and no preload helper.
 */
export const settledReads = { deriveMeta, toolCallsOf };

export type SettledReads = typeof settledReads;
