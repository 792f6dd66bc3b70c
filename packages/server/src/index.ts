// The public API of @fieldstream/server. Patch streams (`toPatchStream`, `fromPatchStream`) live in
// `@fieldstream/core/patch-stream`, which runs on any server.

export type { AllowedTool } from './allowed-tools';
export { createModelProxy, type ModelProxyHandler } from './create-model-proxy';
export { type FetchHandler, type NodeHandler, toNodeHandler } from './node-handler';
export type { ClientInfo, ModelProxyOptions } from './proxy-options';
