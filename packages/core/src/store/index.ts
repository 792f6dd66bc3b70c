// Barrel for store/; the package index re-exports it.
export {};
