import type { OutputDefinition } from '../schema/define-output';
import { type FormatName, type FormatOption, selectFormat } from '../schema/select-format';
import type { FormatDefinition, FormatParsing } from './format-parser';
import { formatDefinition, hasFormat } from './format-registry';

/**
 * A format resolved once (`auto` decided, the definition looked up) and carried from there: a
 * response's attempt, its stream parser and its final parse all use this one object.
 */
export type ResolvedFormat = {
  readonly name: FormatName;
  readonly definition: FormatParsing;
  /** The definitions the call was given (searched before the registered ones). */
  readonly formats: readonly FormatDefinition[] | undefined;
};

/**
 * The one place a format option becomes a format (docs/formats.md §8). `auto` picks from the
 * schema's shape (`json`, `hybrid` or `xml_field`) among the available formats, and `json` without a schema. With no option,
 * `fallback` applies: `auto` for a response with a schema, `text` for one without (its data is the
 * text), `json` for the parsers, which read text somebody else asked for. `auto` picks only among
 * the formats available to the call, so it never fails; a format named but not available throws
 * `FormatNotRegisteredError` naming `where`, the caller's option.
 */
export function resolveFormat(
  option: FormatOption | undefined,
  fallback: FormatOption,
  output: OutputDefinition | undefined,
  formats: readonly FormatDefinition[] | undefined,
  where: string,
): ResolvedFormat {
  const requested = option ?? fallback;
  const name = requested !== 'auto' ? requested : autoFormat(output, formats);
  return { name, definition: formatDefinition(name, formats, where), formats };
}

/**
 * `auto`'s pick among the formats the app made available: the schema's shape suggests one
 * (`selectFormat`), and `json`, always available, stands in when the suggestion is not registered
 * or passed. Registering `hybridFormat` / `xmlFieldFormat` widens the choice. The attempt's
 * `format` (events, `getMeta()`) says which was used.
 */
function autoFormat(
  output: OutputDefinition | undefined,
  formats: readonly FormatDefinition[] | undefined,
): FormatName {
  if (output === undefined) return 'json';
  const suggested = selectFormat(output);
  return hasFormat(suggested, formats) ? suggested : 'json';
}
