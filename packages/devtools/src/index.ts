// The public API of @fieldstream/devtools: the panel element. Importing it defines nothing: call
// `defineDevtools()` or import `@fieldstream/devtools/define`. Load it on demand, in development
// only: an app that never imports it ships none of it.
export { DEVTOOLS_TAG, defineDevtools } from './define-devtools';
export { DEVTOOLS_HOOK } from './discovery';
export type { DevtoolsView } from './fieldstream-devtools';
export { FieldstreamDevtools } from './fieldstream-devtools';
export type { AttachedRun, AttachOptions } from './panel-run';
export type { WatchedStore } from './store-frames';
