import { parseWithJsonFallback } from '../common/json-fallback';
import { parseMarkdownSections } from '../common/markdown-sections-parse';
import { MarkdownSectionStreamParser } from '../common/markdown-sections-stream-parser';
import type { FormatDefinition } from '../format-parser';
import { flatMarkdownInstructions } from './flat-markdown-instructions';

/**
 * The `flat_markdown` format (explicit only; legacy): `### field` sections like hybrid, with the
 * description as an HTML comment under each header in the skeleton. Fields that are not text must
 * parse as JSON5; bare numbers and booleans are coerced when the schema asks for them.
 */
export const flatMarkdownFormat: FormatDefinition = {
  name: 'flat_markdown',
  instructions: flatMarkdownInstructions,
  parse: (text, options) => parseMarkdownSections(text, options, 'flat_markdown'),
  parseWithJsonFallback,
  createStreamParser: (options) => new MarkdownSectionStreamParser(options, 'flat_markdown'),
};

export { flatMarkdownInstructions } from './flat-markdown-instructions';
