import type { ReactElement, ReactNode } from 'react';
import { ScrollRegion } from './scroll-region';

export type ScrollTableProps = {
  /** What a screen reader calls the scroll region. */
  label: string;
  className?: string;
  /** The header cells, in order. */
  columns: readonly string[];
  /** The body rows. */
  children: ReactNode;
};

/** A table that scrolls in its own keyboard-reachable region instead of widening the page. */
export function ScrollTable({ label, className, columns, children }: ScrollTableProps): ReactElement {
  return (
    <ScrollRegion label={label}>
      <table className={className}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}
