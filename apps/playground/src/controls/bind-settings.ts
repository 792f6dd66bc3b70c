/** A control's value and change handler for one key of a settings object. */
export type BoundSetting<V> = { value: V; onChange(value: V): void };

/** Binds controls to keys of `settings`: a change reports a copy with that key replaced. */
export function bindSettings<S extends object>(
  settings: S,
  onChange: (settings: S) => void,
): <K extends keyof S>(key: K) => BoundSetting<S[K]> {
  return (key) => ({ value: settings[key], onChange: (value) => onChange({ ...settings, [key]: value }) });
}
