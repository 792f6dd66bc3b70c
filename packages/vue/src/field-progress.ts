import { appendSegment, type FieldStore, type OutputNode } from '@fieldstream/core';
import { isBusyStatus, progressPhase, progressStatusText } from '@fieldstream/core/bindings';
import { type DefineSetupFnComponent, defineComponent, h, type VNodeChild } from 'vue';
import { type FormProps, useFormRoot } from './form-root';
import { useLiveFormContext } from './live-form-context';
import { StreamAnnouncer } from './stream-announcer';
import { useInstantField } from './use-instant-field';
import { useInstantList } from './use-instant-list';
import { useStreamStatus } from './use-stream-status';

export type FieldProgressProps<Data> = FormProps<Data>;

/**
 * A per-field progress panel: one row per scalar field and list (list items expanded, items the
 * final data dropped kept as `removed`), each showing its phase — pending, streaming, complete,
 * then confirmed, changed or removed; `rejected` (the reason as the row's `title`) while a field
 * check's rejection is retried. The status line counts attempts from 1. Rows subscribe to their own
 * path only; classes and attributes are React's (`.fs-progress-row[data-phase]`).
 */
export const FieldProgress = defineComponent(
  <Data>(props: FieldProgressProps<Data>) => {
    const { root, status } = useFormRoot('FieldProgress output', props, undefined);
    return () =>
      h('div', { class: 'fs-progress', 'aria-busy': isBusyStatus(status.value.status) }, [
        h(ProgressStatus),
        h('ul', [h(ProgressNode, { node: root.value, path: '' })]),
        h(StreamAnnouncer, { store: props.store as FieldStore<unknown>, schedule: props.schedule }),
      ]);
  },
  { name: 'FieldProgress', props: ['output', 'store', 'schedule'] },
);

const ProgressStatus = defineComponent(
  () => {
    const { store, schedule } = useLiveFormContext();
    const status = useStreamStatus(store, () => ({ schedule: schedule() }));
    return () =>
      h('p', { class: 'fs-progress-status', 'data-status': status.value.status }, progressStatusText(status.value));
  },
  { name: 'ProgressStatus' },
);

type NodeProps = { node: OutputNode; path: string };

// Recursive: the components name their types.
const ProgressNode: DefineSetupFnComponent<NodeProps> = defineComponent(
  (props: NodeProps) => (): VNodeChild => {
    const { node, path } = props;
    if (node.kind === 'array') return h(ProgressList, { node, path });
    if (node.kind !== 'object') return h(ProgressRow, { path });
    return [...node.fields].map(([key, child]) =>
      h(ProgressNode, { key, node: child, path: appendSegment(path, key) }),
    );
  },
  { name: 'ProgressNode', props: ['node', 'path'] },
);

const ProgressList: DefineSetupFnComponent<NodeProps> = defineComponent(
  (props: NodeProps) => {
    const { store, schedule } = useLiveFormContext();
    const items = useInstantList(
      store,
      () => `${props.path}[*]`,
      () => ({ schedule: schedule(), includeRemoved: true }),
    );
    return (): VNodeChild => {
      const { node, path } = props;
      return [
        h(ProgressRow, { path }),
        ...(node.kind === 'array'
          ? items.value.map((item) => h(ProgressNode, { key: item.key, node: node.item, path: item.path }))
          : []),
      ];
    };
  },
  { name: 'ProgressList', props: ['node', 'path'] },
);

const ProgressRow = defineComponent(
  (props: { path: string }) => {
    const { store, schedule } = useLiveFormContext();
    const field = useInstantField(
      store,
      () => props.path,
      () => ({ schedule: schedule() }),
    );
    return () => {
      const { path } = props;
      const state = field.value;
      const phase = progressPhase(state);
      return h(
        'li',
        {
          class: 'fs-progress-row',
          'data-path': path,
          'data-phase': phase,
          title: phase === 'rejected' ? state.rejected : undefined,
        },
        [
          h('span', { class: 'fs-progress-path' }, path === '' ? '(answer)' : path),
          ' ',
          h('span', { class: 'fs-progress-phase' }, phase),
        ],
      );
    };
  },
  { name: 'ProgressRow', props: ['path'] },
);
