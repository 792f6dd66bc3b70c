import { FormatNotRegisteredError } from '../errors/format-not-registered-error';
import type { FormatName } from '../schema/select-format';
import type { FormatDefinition, FormatParsing } from './format-parser';
import { jsonParsing } from './json/json-parsing';
import { textFormat } from './text/index';

/**
 * The formats available by name to every parser and response. `json` and `text` are built in;
 * the others stay out of a bundle until the application imports and registers them
 * (docs/decisions/0013-format-registration-and-bundle-budgets.md).
 */
const registered = new Map<string, FormatParsing>([
  [jsonParsing.name, jsonParsing],
  [textFormat.name, textFormat],
]);

/**
 * Makes formats available by name everywhere (`format: 'hybrid'`, and `auto`'s picks), once at
 * start-up: `registerFormat(hybridFormat, xmlFieldFormat)`. Registering a format again replaces it.
 */
export function registerFormat(...definitions: readonly FormatDefinition[]): void {
  for (const definition of definitions) registered.set(definition.name, definition);
}

/** The definitions a call may use: its own `formats` first, then the registered ones. */
export type FormatLookup = readonly FormatDefinition[] | undefined;

/**
 * The definition of `name`, or a `FormatNotRegisteredError` saying how to make it available. The
 * built-in json entry has no `instructions` (the response renders json's own).
 */
export function formatDefinition(name: FormatName, local: FormatLookup, where: string): FormatParsing {
  const definition = local?.find((candidate) => candidate.name === name) ?? registered.get(name);
  if (definition === undefined) throw new FormatNotRegisteredError(name, where, notRegistered(name, where));
  return definition;
}

function notRegistered(format: string, where: string): string {
  const definition = `${format.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}Format`;
  return (
    `${where}: the ${format} format is not registered. Import its definition and pass it along — ` +
    `formats: [${definition}] — or register it once at start-up: registerFormat(${definition}) ` +
    `(both from '@fieldstream/core'). Only json and text are built in.`
  );
}

/** Whether `name` is available to a call: in its own `formats`, or registered. */
export function hasFormat(name: FormatName, local: FormatLookup): boolean {
  return local?.some((candidate) => candidate.name === name) === true || registered.has(name);
}
