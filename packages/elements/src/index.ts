// The public API of @fieldstream/elements: custom elements and readers over the core's field
// store. Importing it defines no element: call `defineFieldstreamElements()` or import
// `@fieldstream/elements/define`.
export { defineFieldstreamElements } from './define-elements';
export type { RenderValue } from './field-part';
export { FieldstreamAnnouncer } from './fieldstream-announcer';
export type { Rendering, StartResponse } from './fieldstream-element';
export { FieldstreamElement } from './fieldstream-element';
export { FieldstreamField } from './fieldstream-field';
export type { FormOutput } from './fieldstream-form';
export { FieldstreamForm } from './fieldstream-form';
export { FieldstreamProgress } from './fieldstream-progress';
export { FieldstreamStatus } from './fieldstream-status';
export { FIELDSTREAM_TAGS } from './tags';
export type { SelectorWatchOptions, StoreBinding, WatchOptions } from './watch-field-store';
export { watchFieldStore } from './watch-field-store';
export { watchInstantField } from './watch-instant-field';
export type { InstantListWatchOptions } from './watch-instant-list';
export { watchInstantList } from './watch-instant-list';
export { watchFinalData, watchReasoning, watchToolCalls } from './watch-store-values';
export type { RetryInfo, StatusSnapshot } from './watch-stream-status';
export { watchStreamStatus } from './watch-stream-status';
