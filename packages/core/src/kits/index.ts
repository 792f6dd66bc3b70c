// Barrel for kits/; the package index re-exports it.
export {};
