import {
  appendSegment,
  type FieldState,
  type FieldStore,
  type OutputNode,
  type OutputSchema,
  type Schedule,
} from '@fieldstream/core';
import { fieldDataAttributes, isBusyStatus } from '@fieldstream/core/bindings';
import { memo, type ReactElement, type ReactNode, useId, useMemo } from 'react';
import { FieldText } from './field-text';
import { LiveFormContext, useLiveFormContext } from './live-form-context';
import { StreamAnnouncer } from './stream-announcer';
import { useInstantField } from './use-instant-field';
import { useInstantList } from './use-instant-list';
import { useOutputRoot } from './use-output-root';
import { useStreamStatus } from './use-stream-status';

export type LiveFormProps<Data> = {
  /**
   * The schema the form is laid out from: every schema `createResponse` takes (a `defineOutput`
   * definition, a zod / valibot / arktype Standard JSON Schema, a JSON Schema document). A Standard
   * Schema lays out its input side, what the model writes. A compiled tree (`{ root }`) is laid out
   * as it is. Anything else throws an `ArgumentError`.
   */
  output: OutputSchema | { readonly root: OutputNode };
  store: FieldStore<Data>;
  /** When fields hear about changes; default `'frame'`. */
  schedule?: Schedule;
  /** Renders a field's value; default `<FieldText value={field.value} />`. */
  renderValue?: (field: FieldState, path: string) => ReactNode;
  className?: string;
};

/**
 * A form laid out from a schema that fills in as the response streams. Every scalar field is its
 * own subscribed component, so a patch re-renders only its field; lists grow item by item.
 * Field elements carry `data-phase`, `data-reconciled`, and `data-provisional` / `data-stale` for
 * values shown before they are settled. Objects and lists are `role="group"` boxes named by their
 * `.fs-group-label`, not `<fieldset>`s: in Chromium a fieldset around streaming text multiplied
 * the style and layout cost of every frame.
 */
export function LiveForm<Data>({ output, store, schedule, renderValue, className }: LiveFormProps<Data>): ReactElement {
  const root = useOutputRoot('LiveForm output', output);
  const context = useMemo(() => ({ store, schedule, renderValue }), [store, schedule, renderValue]);
  const { status } = useStreamStatus(store, { schedule });
  return (
    <LiveFormContext.Provider value={context}>
      <div
        className={className === undefined ? 'fs-live-form' : `fs-live-form ${className}`}
        aria-busy={isBusyStatus(status)}
        data-status={status}
      >
        <LiveNode node={root} path="" label={undefined} />
        <StreamAnnouncer store={store} schedule={schedule} />
      </div>
    </LiveFormContext.Provider>
  );
}

type NodeProps = { node: OutputNode; path: string; label: string | undefined };

const LiveNode = memo(function LiveNode({ node, path, label }: NodeProps): ReactElement {
  if (node.kind === 'array') return <LiveList node={node} path={path} label={label} />;
  if (node.kind !== 'object') return <LiveField path={path} label={label} />;
  return (
    <LiveGroup className="fs-object" path={path} label={label}>
      {[...node.fields].map(([key, child]) => (
        <LiveNode key={key} node={child} path={appendSegment(path, key)} label={key} />
      ))}
    </LiveGroup>
  );
});

const LiveList = memo(function LiveList({ node, path, label }: NodeProps): ReactElement | null {
  const { store, schedule } = useLiveFormContext();
  const items = useInstantList(store, `${path}[*]`, { schedule });
  if (node.kind !== 'array') return null;
  return (
    <LiveGroup className="fs-list" path={path} label={label}>
      <ol>
        {items.map((item) => (
          <li key={item.key} data-path={item.path}>
            <LiveNode node={node.item} path={item.path} label={undefined} />
          </li>
        ))}
      </ol>
    </LiveGroup>
  );
});

type GroupProps = { className: string; path: string; label: string | undefined; children: ReactNode };

/** An object's or a list's box: a group named by its label when it has one. */
function LiveGroup({ className, path, label, children }: GroupProps): ReactElement {
  const id = useId();
  if (label === undefined)
    return (
      <div className={className} data-path={path}>
        {children}
      </div>
    );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's layout is what this replaces (see LiveForm).
    <div className={className} data-path={path} role="group" aria-labelledby={id}>
      <span className="fs-group-label" id={id}>
        {label}
      </span>
      {children}
    </div>
  );
}

const LiveField = memo(function LiveField({ path, label }: { path: string; label: string | undefined }): ReactElement {
  const { store, schedule, renderValue } = useLiveFormContext();
  const field = useInstantField(store, path, { schedule });
  return (
    <div className="fs-field" data-path={path} {...fieldDataAttributes(field)}>
      {label === undefined ? null : <span className="fs-field-label">{label}</span>}
      {renderValue === undefined ? <FieldText value={field.value} /> : renderValue(field, path)}
    </div>
  );
});
