// Barrel for response/; the package index re-exports it.
export type { ResponseEvent, ResponseSource, ResponseStatus } from './response-events';
