// Barrel for reasoning/; the package index re-exports it.
export {};
