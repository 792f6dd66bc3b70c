import type { OutputNode } from '@fieldstream/core';
import type { Preset } from '../presets/index';

/** What `<LiveForm>` lays out for a preset: its schema without the lists shown as windows. */
export function formOutput(preset: Preset): { readonly root: OutputNode } {
  const output = preset.output;
  if (output === undefined) throw new Error(`${preset.id} has no schema`);
  const windowed = preset.windowedLists ?? [];
  if (windowed.length === 0 || output.root.kind !== 'object') return output;
  const fields = new Map([...output.root.fields].filter(([key]) => !windowed.includes(key)));
  return { root: { kind: 'object', fields } };
}
