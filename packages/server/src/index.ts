// The public API of @fieldstream/server. Patch streams (`toPatchStream`, `fromPatchStream`) live in
// `@fieldstream/core/patch-stream`, which runs on any server.
export { createModelProxy, type ModelProxyHandler } from './create-model-proxy';
export { type FetchHandler, type NodeHandler, toNodeHandler } from './node-handler';
export type { ClientInfo, ModelProxyOptions } from './proxy-options';
