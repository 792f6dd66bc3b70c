import type { MetaSource, WireSource } from './wire-writer';

/** The part of a `createResponse` result a patch stream reads. */
export type PatchStreamInput = WireSource &
  MetaSource & {
    getData(): Promise<unknown>;
    start(): void;
    abort(reason?: string): void;
  };
