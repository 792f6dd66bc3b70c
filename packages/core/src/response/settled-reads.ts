import { deriveMeta } from './response-meta';
import { toolCallsOf } from './tool-calls-of';

/**
 * What a settled response derives from its log when asked (`getToolCalls()`, `getMeta()`).
 * `createResponse` and `createWorkerResponse` load this on demand (decision 0013); `fromPatchStream`
 * bundles it, so its bundle has no dynamic import and no Vite preload helper.
 */
export const settledReads = { deriveMeta, toolCallsOf };

export type SettledReads = typeof settledReads;
