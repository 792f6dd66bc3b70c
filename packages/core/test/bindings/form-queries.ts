// Queries of a rendered LiveForm and FieldProgress, by their CSS hooks (the classes and data
// attributes packages/react/styles.css styles, the same in every binding).

export function fieldAt(root: ParentNode, path: string): HTMLElement {
  const element = root.querySelector<HTMLElement>(`.fs-field[data-path="${path}"]`);
  if (element === null) throw new Error(`no field ${path}`);
  return element;
}

/** The text a form field's value shows. */
export const valueAt = (root: ParentNode, path: string): string | null | undefined =>
  fieldAt(root, path).querySelector('.fs-field-text')?.textContent;

/** The paths of the form's fields, in document order. */
export const fieldPaths = (root: ParentNode): (string | null)[] =>
  [...root.querySelectorAll('.fs-field')].map((element) => element.getAttribute('data-path'));

/** Each progress row's path and phase, in document order. */
export const progressRows = (root: ParentNode): [string | null, string | undefined][] =>
  [...root.querySelectorAll<HTMLElement>('.fs-progress-row')].map((row) => [
    row.getAttribute('data-path'),
    row.dataset.phase,
  ]);

/** Each streaming region's `aria-busy` and what its polite live region says. */
export function regions(root: ParentNode): { busy: (string | null)[]; announced: (string | null)[] } {
  const found = [...root.querySelectorAll('.fs-live-form, .fs-progress')];
  return {
    busy: found.map((region) => region.getAttribute('aria-busy')),
    announced: found.map((region) => region.querySelector('[role="status"][aria-live="polite"]')?.textContent ?? null),
  };
}
