/**
 * The text a binding shows for a streamed value: strings as they are, other scalars via `String`,
 * containers as JSON; `undefined` and `null` show as nothing. Bindings render it as text, never as HTML.
 */
export function fieldText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
