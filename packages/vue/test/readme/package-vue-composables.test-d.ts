// packages/vue/README.md, "Composables" and "Your own selections", verbatim: they must compile as written.
// readme-snippets.test.ts checks that every snippet of the README appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createFieldStore, defineOutput, type DynamicPath, type FieldStore } from '@fieldstream/core';
import { useFieldStore, useFinalData, useInstantField, useInstantList, useReasoning } from '@fieldstream/vue';
import { defineComponent, h, type PropType } from 'vue';

const ticket = defineOutput({
  summary: ['string', 'one line', 'not_null'],
  steps: [{ title: ['string', 'what to do', 'not_null'], done: ['boolean'] }],
});
type Ticket = NonNullable<(typeof ticket)['$data']>;

export const TicketView = defineComponent({
  props: { store: { type: Object as PropType<FieldStore<Ticket>>, required: true } },
  setup(props) {
    const store = () => props.store; // a getter: a new store prop subscribes again
    const summary = useInstantField(store, 'summary'); // Ref<FieldState<string>>
    const steps = useInstantList(store, 'steps[*]'); // Ref<ListItem<`steps[${number}]`>[]>
    const final = useFinalData(store); // Ref<Ticket | undefined>
    const reasoning = useReasoning(store); // Ref<string>
    return () =>
      h('section', [
        h('h2', summary.value.value ?? ''),
        h('ol', steps.value.map((item) => h(StepTitle, { key: item.key, store: props.store, path: `${item.path}.title` }))),
        final.value === undefined ? null : h('p', 'Final.'),
        h('details', reasoning.value),
      ]);
  },
});

const StepTitle = defineComponent({
  props: {
    store: { type: Object as PropType<FieldStore<Ticket>>, required: true },
    path: { type: String as PropType<`steps[${number}].title`>, required: true },
  },
  setup(props) {
    const title = useInstantField(() => props.store, () => props.path);
    return () => h('li', { 'data-stale': title.value.stale }, title.value.value ?? '');
  },
});

const store = createFieldStore<Ticket>();
// Setup runs once, so an inline selector is already stable.
const attempts = useFieldStore(store, (state) => state.attempt + 1); // Ref<number>
const anyPath = useInstantField(store, 'steps[0].done' as DynamicPath); // value: unknown
const live = useInstantField(store, 'summary', { schedule: 'sync' }); // every update, no frame batching

expectTypeOf(attempts.value).toEqualTypeOf<number>();
expectTypeOf(anyPath.value.value).toEqualTypeOf<unknown>();
expectTypeOf(live.value.value).toEqualTypeOf<string | undefined>();
