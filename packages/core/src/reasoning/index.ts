// Barrel for reasoning/; the package index re-exports it.
export type { ReasoningSplit, ReasoningState } from './reasoning-splitter';
export { ReasoningSplitter, splitReasoning } from './reasoning-splitter';
