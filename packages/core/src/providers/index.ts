// Barrel for providers/; the package index re-exports it.
export type { Model, ModelEvent, ModelMessage, ModelRequest } from './model';
export * from './output-contract/index';
