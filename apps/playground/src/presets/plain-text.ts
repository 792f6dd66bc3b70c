import type { Preset } from './preset';

const text = [
  'Release 4.2 makes search faster and safer.',
  '',
  'Queries now stream results as they arrive, so the first hits show up in under 200 ms even on large',
  'workspaces. Saved searches keep their filters when you rename a field, and the "exclude archived"',
  'switch finally remembers its state.',
  '',
  'Fixed: pasting a URL with & or < into the search box no longer breaks the preview.',
].join('\n');

export const plainTextPreset: Preset = {
  id: 'plain-text',
  title: 'Plain text',
  description: 'text: no schema, the answer streams as prose',
  input: 'Write the release note for version 4.2.',
  output: undefined,
  format: 'text',
  data: text,
  recorded: { format: 'text', text },
};
