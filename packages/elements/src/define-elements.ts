import { FieldstreamAnnouncer } from './fieldstream-announcer';
import { FieldstreamField } from './fieldstream-field';
import { FieldstreamForm } from './fieldstream-form';
import { FieldstreamProgress } from './fieldstream-progress';
import { FieldstreamStatus } from './fieldstream-status';
import { FIELDSTREAM_TAGS } from './tags';

const CLASSES = {
  form: FieldstreamForm,
  field: FieldstreamField,
  progress: FieldstreamProgress,
  status: FieldstreamStatus,
  announcer: FieldstreamAnnouncer,
} as const;

/**
 * Defines `<fieldstream-form>`, `<fieldstream-field>`, `<fieldstream-progress>`,
 * `<fieldstream-status>` and `<fieldstream-announcer>` in `registry` (default: the page's
 * `customElements`). Tags already defined are left as they are, so calling it twice is harmless.
 * Elements already in the page upgrade now, with properties set on them before.
 */
export function defineFieldstreamElements(registry: CustomElementRegistry = customElements): void {
  for (const [key, tag] of Object.entries(FIELDSTREAM_TAGS)) {
    if (registry.get(tag) === undefined) registry.define(tag, CLASSES[key as keyof typeof CLASSES]);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'fieldstream-form': FieldstreamForm;
    'fieldstream-field': FieldstreamField;
    'fieldstream-progress': FieldstreamProgress;
    'fieldstream-status': FieldstreamStatus;
    'fieldstream-announcer': FieldstreamAnnouncer;
  }
}
