// The public API of @fieldstream/svelte: Svelte 5 readers (a reactive `current`) and components over the core's field store.

export type { RetryInfo, StatusSnapshot } from '@fieldstream/core/bindings';
export { default as FieldProgress } from './FieldProgress.svelte';
export { default as FieldText } from './FieldText.svelte';
export { fieldStore } from './field-store.js';
export { finalData } from './final-data.js';
export { instantField } from './instant-field.js';
export type { InstantListOptions } from './instant-list.js';
export { instantList } from './instant-list.js';
export { default as LiveForm } from './LiveForm.svelte';
export type { LiveResponse, LiveResponseOptions } from './live-response.svelte.js';
export { liveResponse } from './live-response.svelte.js';
export type { Reader, ReaderOptions, SelectorReaderOptions } from './reader.js';
export { reasoning } from './reasoning.js';
export { default as StreamAnnouncer } from './StreamAnnouncer.svelte';
export { streamStatus } from './stream-status.js';
export { toolCalls } from './tool-calls.js';
