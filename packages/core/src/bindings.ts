// @fieldstream/core/bindings: what every framework binding (React, Vue, Svelte, custom elements)
// shares beyond the store view of the main entry: a schema's layout for a form or a progress panel,
// a value's text, a list's path and items selector, the live region's words, and a response run
// bound to its store (with a resumable answer's ticket) with the controller of a binding's
// `useResponse`. App code reads the bindings, not this entry.

export { checkFunction } from './errors/check-argument';
export { checkFieldStore } from './ui/check-field-store';
export { checkResponseSource } from './ui/check-response-source';
export type { FieldDataAttributes } from './ui/field-attributes';
export { fieldDataAttributes } from './ui/field-attributes';
export { fieldText } from './ui/field-text';
export type { InstantListSelection } from './ui/instant-list-selection';
export { instantListSelection } from './ui/instant-list-selection';
export type { ResumableAnswer, ResumeAfterReload, TicketStorage } from './ui/kept-ticket';
export { outputRoot } from './ui/output-root';
export { progressPhase, progressStatusText } from './ui/progress-labels';
export type { ResponseController, ResponseControllerSettings } from './ui/response-controller';
export { createResponseController } from './ui/response-controller';
export type { ResponseRun, ResponseRunOptions, SourceData, SourceInput } from './ui/response-run';
export { startResponseRun } from './ui/response-run';
export { checkSchedule } from './ui/schedule';
export { completionMessage, isBusyStatus } from './ui/stream-announcement';
export type { RetryInfo, StatusSnapshot } from './ui/stream-status';
export { sameStreamStatus, selectStreamStatus } from './ui/stream-status';
