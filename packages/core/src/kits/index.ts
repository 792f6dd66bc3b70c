// Barrel for kits/: output contracts and the batch answer flow.
export * from './answer-flow/index';
export * from './contract/index';
