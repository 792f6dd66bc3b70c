// Barrel for store/; the package index re-exports it.
export type { FieldPhase, FieldReconciliation, FieldState } from './field-state';
export { fieldPhase, fieldSelector, isProvisional, sameFieldState, selectField } from './field-state';
export type { FieldStore, FieldStoreOptions } from './field-store';
export { createFieldStore } from './field-store';
export type { FieldRecord, FieldStoreState } from './field-store-state';
export { isTerminalStatus } from './field-store-state';
export type { ListItem, ListSelectorOptions } from './list-selector';
export { listSelector } from './list-selector';
export { PathMap } from './path-map';
export type { RetryBehaviour } from './reduce-events';
