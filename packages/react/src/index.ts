// The public API of @fieldstream/react: hooks and components over the core's field store.

export type { ResumableAnswer, ResumeAfterReload, TicketStorage } from '@fieldstream/core/bindings';
export type { FieldProgressProps } from './field-progress';
export { FieldProgress } from './field-progress';
export type { FieldTextProps } from './field-text';
export { FieldText } from './field-text';
export type { LiveFormProps } from './live-form';
export { LiveForm } from './live-form';
export type { HookOptions, SelectorHookOptions } from './use-field-store';
export { useFieldStore } from './use-field-store';
export { useFinalData } from './use-final-data';
export { useInstantField } from './use-instant-field';
export type { InstantListOptions } from './use-instant-list';
export { useInstantList } from './use-instant-list';
export { useReasoning } from './use-reasoning';
export type { ResponseHandle, UseResponseOptions } from './use-response';
export { useResponse } from './use-response';
export type { RetryInfo, StatusSnapshot } from './use-stream-status';
export { useStreamStatus } from './use-stream-status';
export { useToolCalls } from './use-tool-calls';
