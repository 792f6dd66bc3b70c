import { ArgumentError } from './argument-error';

/**
 * A format was named (`format: 'hybrid'`, or picked by `auto`) but its definition is not
 * available: only `json` and `text` are built in, the others are imported and passed in
 * (`formats: [hybridFormat]`) or registered once (`registerFormat(hybridFormat)`).
 */
export class FormatNotRegisteredError extends ArgumentError {
  override name = 'FormatNotRegisteredError';
  constructor(
    /** The format's wire name, e.g. `hybrid`. */
    readonly format: string,
    /** What asked for it, e.g. `createResponse options.format`. */
    where: string,
    /** Set when `auto` picked the format from the schema's shape. */
    pickedByAuto = false,
  ) {
    const definition = `${camel(format)}Format`;
    super(
      where,
      `${where}: the ${format} format is not registered${pickedByAuto ? ` (auto picked it for this schema)` : ''}. ` +
        `Import its definition and pass it along — formats: [${definition}] — or register it once at start-up: ` +
        `registerFormat(${definition}) (both from '@fieldstream/core'). Only json and text are built in.`,
      'FORMAT_NOT_REGISTERED',
    );
  }
}

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
