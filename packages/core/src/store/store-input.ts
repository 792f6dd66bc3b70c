import type { ChunkEvent, ResponseEvent } from '../response/response-events';

/** What a store takes in one go: a batch of response events, or one pushed chunk of a response's log. */
export type StoreInput = readonly ResponseEvent[] | ChunkEvent;
