import { appendSegment, type FieldStore, type OutputNode, type OutputSchema, type Schedule } from '@fieldstream/core';
import { isBusyStatus, progressPhase, progressStatusText } from '@fieldstream/core/bindings';
import { memo, type ReactElement, useMemo } from 'react';
import { LiveFormContext, useLiveFormContext } from './live-form-context';
import { StreamAnnouncer } from './stream-announcer';
import { useInstantField } from './use-instant-field';
import { useInstantList } from './use-instant-list';
import { useOutputRoot } from './use-output-root';
import { useStreamStatus } from './use-stream-status';

export type FieldProgressProps<Data> = {
  /**
   * The schema whose fields are listed: every schema `createResponse` takes (a `defineOutput`
   * definition, a zod / valibot / arktype Standard JSON Schema, a JSON Schema document). Anything
   * else throws an `ArgumentError`. A compiled tree (`{ root }`) is laid out as it is.
   */
  output: OutputSchema | { readonly root: OutputNode };
  store: FieldStore<Data>;
  /** When rows hear about changes; default `'frame'`. */
  schedule?: Schedule;
};

/**
 * A per-field progress panel: one row per scalar field and list (list items expanded, items the
 * final data dropped kept as `removed`), each showing its phase — pending, streaming, complete,
 * then confirmed, changed or removed; `rejected` (the reason as the row's `title`) while a field
 * check's rejection is retried, until the retried attempt rewrites the field. The status line
 * counts attempts from 1. Rows subscribe to their own path only.
 */
export function FieldProgress<Data>({ output, store, schedule }: FieldProgressProps<Data>): ReactElement {
  const root = useOutputRoot('FieldProgress output', output);
  const context = useMemo(() => ({ store, schedule, renderValue: undefined }), [store, schedule]);
  const { status } = useStreamStatus(store, { schedule });
  return (
    <LiveFormContext.Provider value={context}>
      <div className="fs-progress" aria-busy={isBusyStatus(status)}>
        <ProgressStatus />
        <ul>
          <ProgressNode node={root} path="" />
        </ul>
        <StreamAnnouncer store={store} schedule={schedule} />
      </div>
    </LiveFormContext.Provider>
  );
}

function ProgressStatus(): ReactElement {
  const { store, schedule } = useLiveFormContext();
  const status = useStreamStatus(store, { schedule });
  return (
    <p className="fs-progress-status" data-status={status.status}>
      {progressStatusText(status)}
    </p>
  );
}

const ProgressNode = memo(function ProgressNode({ node, path }: { node: OutputNode; path: string }): ReactElement {
  if (node.kind === 'array') return <ProgressList node={node} path={path} />;
  if (node.kind !== 'object') return <ProgressRow path={path} />;
  return (
    <>
      {[...node.fields].map(([key, child]) => (
        <ProgressNode key={key} node={child} path={appendSegment(path, key)} />
      ))}
    </>
  );
});

const ProgressList = memo(function ProgressList({ node, path }: { node: OutputNode; path: string }): ReactElement {
  const { store, schedule } = useLiveFormContext();
  const items = useInstantList(store, `${path}[*]`, { schedule, includeRemoved: true });
  return (
    <>
      <ProgressRow path={path} />
      {node.kind === 'array'
        ? items.map((item) => <ProgressNode key={item.key} node={node.item} path={item.path} />)
        : null}
    </>
  );
});

const ProgressRow = memo(function ProgressRow({ path }: { path: string }): ReactElement {
  const { store, schedule } = useLiveFormContext();
  const field = useInstantField(store, path, { schedule });
  const phase = progressPhase(field);
  return (
    <li
      className="fs-progress-row"
      data-path={path}
      data-phase={phase}
      title={phase === 'rejected' ? field.rejected : undefined}
    >
      <span className="fs-progress-path">{path === '' ? '(answer)' : path}</span>{' '}
      <span className="fs-progress-phase">{phase}</span>
    </li>
  );
});
