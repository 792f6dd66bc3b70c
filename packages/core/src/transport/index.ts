// Barrel for transport/; the package index re-exports it.
export {};
