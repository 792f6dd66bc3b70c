// The public API of @fieldstream/server.
export { createModelProxy, type ModelProxyHandler } from './create-model-proxy';
export { type FetchHandler, type NodeHandler, toNodeHandler } from './node-handler';
export type { ClientInfo, ModelProxyOptions } from './proxy-options';
