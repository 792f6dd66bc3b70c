// The binding is being built (issue 47); its public names are exported here.
export {};
