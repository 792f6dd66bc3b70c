import type { FinalParse, FormatDefinition } from '../format-parser';
import { TextStreamParser } from './text-stream-parser';

/**
 * The `text` format: the answer is the text itself. No instructions beyond the input, no
 * structured events; the final value is the answer text, unchanged.
 */
export const textFormat: FormatDefinition = {
  name: 'text',
  instructions: () => '',
  parse: (text): FinalParse => ({ value: text, repaired: false, format: 'text' }),
  createStreamParser: () => new TextStreamParser(),
};

export { TextStreamParser } from './text-stream-parser';
