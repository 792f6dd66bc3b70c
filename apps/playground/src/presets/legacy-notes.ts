import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

const output = defineOutput({
  title: ['string', 'note title', 'not_null'],
  author: ['string', 'who wrote it'],
  summary: ['string', 'two sentences at most', 'not_null'],
  body: ['string', 'the cleaned-up note'],
  tags: [['string', 'a topic tag']],
  word_count: ['integer', 'words in the body'],
  archived: ['boolean', 'whether the note is archived'],
});

const body = [
  'We moved the wiki from MediaWiki 1.19 to the docs site in March.',
  'Redirects cover the 400 most visited pages; the rest return 410 Gone.',
  '',
  'Open question: who owns the "Onboarding (old)" pages?',
].join('\n');

const data = {
  title: 'Wiki migration notes',
  author: 'R. Okafor',
  summary: 'The legacy wiki now redirects to the docs site. Unowned onboarding pages remain.',
  body,
  tags: ['migration', 'wiki', 'docs'],
  word_count: 33,
  archived: false,
};

// Legacy flat markdown: bare values under each header; the number and boolean are coerced by the schema.
const text = `### title
Wiki migration notes

### author
R. Okafor

### summary
The legacy wiki now redirects to the docs site. Unowned onboarding pages remain.

### body
${body}

### tags
["migration", "wiki", "docs"]

### word_count
33

### archived
false
`;

export const legacyNotesPreset: Preset = {
  id: 'legacy-notes',
  title: 'Legacy notes',
  description: 'flat_markdown: ### sections with bare values coerced by the schema',
  input: 'Clean up the old wiki migration note.',
  output,
  format: 'flat_markdown',
  data,
  recorded: { format: 'flat_markdown', text },
};
