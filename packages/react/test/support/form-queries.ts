// Queries of a rendered <LiveForm>: a field's element and the text its value shows.

export function fieldAt(container: HTMLElement, path: string): HTMLElement {
  const element = container.querySelector<HTMLElement>(`.fs-field[data-path="${path}"]`);
  if (element === null) throw new Error(`no field ${path}`);
  return element;
}

export const valueAt = (container: HTMLElement, path: string): string | null | undefined =>
  fieldAt(container, path).querySelector('.fs-field-text')?.textContent;
