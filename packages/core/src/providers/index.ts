// Barrel for providers/; the package index re-exports it.
export type { ProviderCapabilities, ProviderName } from './capabilities';
export { providerCapabilities } from './capabilities';
export type { Model, ModelEvent, ModelMessage, ModelRequest } from './model';
export * from './output-contract/index';
