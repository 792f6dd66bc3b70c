/** The most characters a value or delta shows in the panel: model output has no length limit. */
export const MAX_SHOWN = 2_000;

/**
 * A value as text for the panel: strings as they are, everything else as JSON, cut to
 * {@link MAX_SHOWN} characters. Never markup: the caller sets it as `textContent`.
 */
export function displayValue(value: unknown): string {
  let text: string;
  if (value === undefined) text = '(none)';
  else if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return shorten(text);
}

/** `text` cut to {@link MAX_SHOWN} characters, with an ellipsis when cut. */
export function shorten(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
}

/** The value at `segments` in a JSON tree, reading own properties only (a `__proto__` key is data). */
export function valueAt(tree: unknown, segments: readonly (string | number)[]): unknown {
  let node = tree;
  for (const segment of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string | number, unknown>)[segment];
  }
  return node;
}

/** A path as the panel names it: the answer's root (`''`) is `(root)`. */
export function pathLabel(path: string): string {
  return path === '' ? '(root)' : path;
}
