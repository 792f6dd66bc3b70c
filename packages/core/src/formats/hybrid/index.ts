import { parseWithJsonFallback } from '../common/json-fallback';
import { parseMarkdownSections } from '../common/markdown-sections-parse';
import { MarkdownSectionStreamParser } from '../common/markdown-sections-stream-parser';
import type { FormatDefinition } from '../format-parser';
import { hybridInstructions } from './hybrid-instructions';

/**
 * The `hybrid` format: one `### field` section per top-level field; string fields as plain text,
 * every other field as JSON (in a ```json fence), streamed with the same nested paths as `json`.
 */
export const hybridFormat: FormatDefinition = {
  name: 'hybrid',
  instructions: hybridInstructions,
  parse: (text, options) => parseMarkdownSections(text, options, 'hybrid'),
  parseWithJsonFallback,
  createStreamParser: (options) => new MarkdownSectionStreamParser(options, 'hybrid'),
};

export { hybridInstructions } from './hybrid-instructions';
