// The public API of @fieldstream/server.
export { type PatchStreamInput, type ToPatchStreamOptions, toPatchStream } from '@fieldstream/core/patch-stream';
export { createModelProxy, type ModelProxyHandler } from './create-model-proxy';
export { type FetchHandler, type NodeHandler, toNodeHandler } from './node-handler';
export type { ClientInfo, ModelProxyOptions } from './proxy-options';
