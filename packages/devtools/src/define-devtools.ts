import { FieldstreamDevtools } from './fieldstream-devtools';

/** The panel's tag name. */
export const DEVTOOLS_TAG = 'fieldstream-devtools';

/** Defines `<fieldstream-devtools>` (once: a second call does nothing). */
export function defineDevtools(): void {
  if (customElements.get(DEVTOOLS_TAG) === undefined) customElements.define(DEVTOOLS_TAG, FieldstreamDevtools);
}

declare global {
  interface HTMLElementTagNameMap {
    'fieldstream-devtools': FieldstreamDevtools;
  }
}
