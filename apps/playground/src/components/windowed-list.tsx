import { type FieldStore, fieldPhase } from '@fieldstream/core';
import { FieldText, useInstantField, useInstantList, useStreamStatus } from '@fieldstream/react';
import { memo, type ReactElement, useState } from 'react';

/** Items shown at a time. */
const WINDOW = 12;

export type WindowedListProps = { store: FieldStore<unknown>; path: string; label: string };

/**
 * A long streamed list as a window: while streaming it follows the newest items; afterwards it
 * pages. Only the visible rows subscribe to the store, so a 400-record answer costs a dozen rows.
 */
export function WindowedList({ store, path, label }: WindowedListProps): ReactElement {
  const items = useInstantList(store, `${path}[*]`);
  const { status } = useStreamStatus(store);
  const [page, setPage] = useState<number | undefined>(undefined);
  const pages = Math.max(1, Math.ceil(items.length / WINDOW));
  // Follow the tail until the reader picks a page.
  const current = page ?? (status === 'done' ? 0 : pages - 1);
  const visible = items.slice(current * WINDOW, current * WINDOW + WINDOW);
  return (
    <fieldset className="fs-list windowed-list" data-path={path} data-testid="windowed-list">
      <legend>
        {label} <span data-testid="windowed-count">{items.length}</span> items
      </legend>
      <ol start={current * WINDOW + 1}>
        {visible.map((item) => (
          <WindowedRow key={item.key} store={store} path={item.path} />
        ))}
      </ol>
      <div className="pager">
        <button type="button" disabled={current === 0} onClick={() => setPage(Math.max(0, current - 1))}>
          ‹
        </button>
        <span data-testid="windowed-page">
          {current + 1} / {pages}
        </span>
        <button type="button" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
          ›
        </button>
      </div>
    </fieldset>
  );
}

const WindowedRow = memo(function WindowedRow({ store, path }: { store: FieldStore<unknown>; path: string }) {
  const field = useInstantField(store, path);
  return (
    <li className="fs-field" data-path={path} data-phase={fieldPhase(field)} data-reconciled={field.reconciled}>
      <FieldText value={field.value} />
    </li>
  );
});
