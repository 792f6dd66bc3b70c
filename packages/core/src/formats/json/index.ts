import type { FormatDefinition } from '../format-parser';
import { jsonInstructions } from './json-instructions';
import { jsonParsing } from './json-parsing';

/** The default format: one JSON value (docs/formats.md §2); built in (as `jsonParsing`, plus these instructions). */
export const jsonFormat: FormatDefinition = { ...jsonParsing, instructions: jsonInstructions };
