import { fieldText } from '@fieldstream/core/bindings';
import { defineComponent, h } from 'vue';

export type FieldTextProps = {
  /** Any streamed value: strings as they are, other scalars via `String`, containers as JSON. */
  value: unknown;
};

/**
 * Renders model text as text (`<span class="fs-field-text">`; a `class` attribute adds to it). Vue
 * sets it as a text node, so markup, entities and `javascript:` URLs in the text stay inert
 * characters: this component never sets HTML and never makes a link.
 */
export const FieldText = defineComponent(
  (props: FieldTextProps) => () => h('span', { class: 'fs-field-text' }, fieldText(props.value)),
  {
    name: 'FieldText',
    props: ['value'],
  },
);
