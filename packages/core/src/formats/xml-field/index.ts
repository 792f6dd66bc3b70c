import { parseWithJsonFallback } from '../common/json-fallback';
import type { FormatDefinition } from '../format-parser';
import { parseXmlField } from './xml-field-final-parser';
import { xmlFieldInstructions } from './xml-field-instructions';
import { XmlFieldStreamParser } from './xml-field-stream-parser';

/** One `<agently_output>` payload of `<field name=… type="text|json">` blocks (docs/formats.md §4). */
export const xmlFieldFormat: FormatDefinition = {
  name: 'xml_field',
  instructions: xmlFieldInstructions,
  parse: parseXmlField,
  parseWithJsonFallback,
  createStreamParser: (options) => new XmlFieldStreamParser(options),
};

export { parseXmlField } from './xml-field-final-parser';
export { xmlFieldInstructions, xmlFieldSkeleton } from './xml-field-instructions';
export { XmlFieldStreamParser } from './xml-field-stream-parser';
