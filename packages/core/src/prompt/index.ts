// Barrel for prompt/; the package index re-exports it.
export {};
