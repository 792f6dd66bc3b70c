import { ArgumentError } from './argument-error';

/**
 * A format was named (`format: 'hybrid'`, or picked by `auto`) but its definition is not
 * available: only `json` and `text` are built in, the others are imported and passed in
 * (`formats: [hybridFormat]`) or registered once (`registerFormat(hybridFormat)`). The message is
 * written where the format is looked up (`formats/format-registry.ts`), so a bundle that only
 * revives this error from the wire carries the class, not its wording.
 */
export class FormatNotRegisteredError extends ArgumentError {
  override name = 'FormatNotRegisteredError';
  constructor(
    /** The format's wire name, e.g. `hybrid`. */
    readonly format: string,
    /** What asked for it, e.g. `createResponse options.format`. */
    where: string,
    message: string,
  ) {
    super(where, message, 'FORMAT_NOT_REGISTERED');
  }
}
