// Barrel for output-contract planning (providers/output-contract/).
export {};
