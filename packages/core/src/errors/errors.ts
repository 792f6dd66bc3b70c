/** Base class of every error Fieldstream throws on purpose. `code` is stable for programs. */
export class FieldstreamError extends Error {
  override name = 'FieldstreamError';
  /** A stable, machine-readable code. */
  readonly code: string;
  /** The raw model text the error is about, when there is one. */
  readonly rawText: string | undefined;
  /** The 0-based attempt the error happened in, when inside a response. */
  readonly attempt: number | undefined;
  constructor(code: string, message: string, options: FieldstreamErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.rawText = options.rawText;
    this.attempt = options.attempt;
  }
}

export type FieldstreamErrorOptions = { rawText?: string; attempt?: number; cause?: unknown };

/** A schema given to `defineOutput` is malformed; `path` names the offending node. */
export class SchemaError extends FieldstreamError {
  override name = 'SchemaError';
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super('SCHEMA_INVALID', `Invalid output schema at ${path === '' ? '(root)' : path}: ${reason}`);
  }
}

/** Nothing usable could be recovered from the model's text. Keeps the raw text. */
export class OutputParseError extends FieldstreamError {
  override name = 'OutputParseError';
  constructor(
    readonly format: string,
    reason: string,
    options: FieldstreamErrorOptions & { rawText: string },
  ) {
    super('OUTPUT_PARSE_FAILED', `Could not parse the ${format} output: ${reason}`, options);
  }
}

/** The stream nested deeper than the parser's `maxDepth`. */
export class DepthLimitError extends FieldstreamError {
  override name = 'DepthLimitError';
  constructor(
    readonly maxDepth: number,
    readonly path: string,
  ) {
    super('DEPTH_LIMIT', `Nesting deeper than maxDepth (${maxDepth}) at ${path || '(root)'}`);
  }
}
