/**
 * An element with a class and, optionally, text. Text is always `textContent`: model output in
 * the panel is never parsed as markup.
 */
export function element<Tag extends keyof HTMLElementTagNameMap>(
  tag: Tag,
  className = '',
  text?: string,
): HTMLElementTagNameMap[Tag] {
  const node = document.createElement(tag);
  if (className !== '') node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A `<button type="button">` with its label. */
export function button(label: string, className: string): HTMLButtonElement {
  const node = element('button', className, label);
  node.type = 'button';
  return node;
}

/** A table with a caption, a head row and one row per item (cells are text). */
export function table(
  caption: string,
  columns: readonly string[],
  rows: readonly (readonly string[])[],
): HTMLTableElement {
  const node = element('table', 'fsd-table');
  const body = element('tbody');
  for (const row of rows) body.append(tableRow(row));
  node.append(element('caption', '', caption), headRow(columns), body);
  return node;
}

/** A `<tr>` of text cells. */
export function tableRow(cells: readonly string[]): HTMLTableRowElement {
  const line = element('tr');
  for (const text of cells) line.append(element('td', '', text));
  return line;
}

/** A table's `<thead>`: one column header per name. */
export function headRow(columns: readonly string[]): HTMLTableSectionElement {
  const head = element('thead');
  const row = element('tr');
  for (const name of columns) {
    const cell = element('th', '', name);
    cell.scope = 'col';
    row.append(cell);
  }
  head.append(row);
  return head;
}

/** `+12 ms`: when, since the run's recording started. */
export function sinceStart(at: number): string {
  return `+${at} ms`;
}
