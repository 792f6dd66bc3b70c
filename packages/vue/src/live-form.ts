import { appendSegment, type FieldState, type FieldStore, type OutputNode } from '@fieldstream/core';
import { fieldDataAttributes, isBusyStatus } from '@fieldstream/core/bindings';
import {
  type DefineSetupFnComponent,
  defineComponent,
  h,
  type SlotsType,
  useId,
  type VNode,
  type VNodeChild,
} from 'vue';
import { FieldText } from './field-text';
import { type FormProps, useFormRoot } from './form-root';
import { useLiveFormContext } from './live-form-context';
import { StreamAnnouncer } from './stream-announcer';
import { useInstantField } from './use-instant-field';
import { useInstantList } from './use-instant-list';

export type LiveFormProps<Data> = FormProps<Data>;

/** `LiveForm`'s slots: `value` renders a field's value (default `<FieldText :value="field.value" />`). */
export type LiveFormSlots = {
  value?: (scope: { field: FieldState; path: string }) => VNode[];
};

/**
 * A form laid out from a schema that fills in as the response streams. Every scalar field is its
 * own subscribed component, so a patch re-renders only its field; lists grow item by item. Field
 * elements carry `data-phase`, `data-reconciled`, and `data-provisional` / `data-stale` for values
 * shown before they are settled; the classes and attributes are React's, so
 * `@fieldstream/react/styles.css` styles this form too. A `class` attribute adds to `fs-live-form`.
 */
export const LiveForm = defineComponent(
  <Data>(props: LiveFormProps<Data>, { slots }: { slots: LiveFormSlots }) => {
    const { root, status } = useFormRoot('LiveForm output', props, slots.value);
    return () =>
      h(
        'div',
        { class: 'fs-live-form', 'aria-busy': isBusyStatus(status.value.status), 'data-status': status.value.status },
        [
          h(LiveNode, { node: root.value, path: '', label: undefined }),
          h(StreamAnnouncer, { store: props.store as FieldStore<unknown>, schedule: props.schedule }),
        ],
      );
  },
  { name: 'LiveForm', props: ['output', 'store', 'schedule'], slots: Object as SlotsType<LiveFormSlots> },
);

type NodeProps = { node: OutputNode; path: string; label: string | undefined };
const NODE_PROPS: (keyof NodeProps)[] = ['node', 'path', 'label'];

// Recursive: the components name their types.
const LiveNode: DefineSetupFnComponent<NodeProps> = defineComponent(
  (props: NodeProps) => (): VNodeChild => {
    const { node, path, label } = props;
    if (node.kind === 'array') return h(LiveList, { node, path, label });
    if (node.kind !== 'object') return h(LiveField, { path, label });
    return h(LiveGroup, { className: 'fs-object', path, label }, () =>
      [...node.fields].map(([key, child]) =>
        h(LiveNode, { key, node: child, path: appendSegment(path, key), label: key }),
      ),
    );
  },
  { name: 'LiveNode', props: NODE_PROPS },
);

const LiveList: DefineSetupFnComponent<NodeProps> = defineComponent(
  (props: NodeProps) => {
    const { store, schedule } = useLiveFormContext();
    const items = useInstantList(
      store,
      () => `${props.path}[*]`,
      () => ({ schedule: schedule() }),
    );
    return (): VNodeChild => {
      const { node, path, label } = props;
      if (node.kind !== 'array') return null;
      return h(LiveGroup, { className: 'fs-list', path, label }, () => [
        h(
          'ol',
          items.value.map((item) =>
            h('li', { key: item.key, 'data-path': item.path }, [
              h(LiveNode, { node: node.item, path: item.path, label: undefined }),
            ]),
          ),
        ),
      ]);
    };
  },
  { name: 'LiveList', props: NODE_PROPS },
);

type GroupProps = { className: string; path: string; label: string | undefined };

/** An object's or a list's box: a group named by its label when it has one (no fieldset: see React's LiveForm). */
const LiveGroup = defineComponent(
  (props: GroupProps, { slots }: { slots: { default?: () => VNode[] } }) => {
    const id = useId();
    return () => {
      const { className, path, label } = props;
      if (label === undefined) return h('div', { class: className, 'data-path': path }, slots.default?.());
      return h('div', { class: className, 'data-path': path, role: 'group', 'aria-labelledby': id }, [
        h('span', { class: 'fs-group-label', id }, label),
        slots.default?.(),
      ]);
    };
  },
  { name: 'LiveGroup', props: ['className', 'path', 'label'] },
);

const LiveField = defineComponent(
  (props: { path: string; label: string | undefined }) => {
    const { store, schedule, renderValue } = useLiveFormContext();
    const field = useInstantField(
      store,
      () => props.path,
      () => ({ schedule: schedule() }),
    );
    return () => {
      const { path, label } = props;
      const state = field.value;
      return h(
        'div',
        {
          class: 'fs-field',
          'data-path': path,
          ...fieldDataAttributes(state),
        },
        [
          label === undefined ? null : h('span', { class: 'fs-field-label' }, label),
          renderValue === undefined ? h(FieldText, { value: state.value }) : renderValue({ field: state, path }),
        ],
      );
    };
  },
  { name: 'LiveField', props: ['path', 'label'] },
);
