import type { FormatDefinition } from '../formats/format-parser';
import type { ProviderCapabilities } from '../providers/capabilities';
import type { Model } from '../providers/model';
import type { ResponseFormatRequest } from '../providers/output-contract/response-format';
import type { OutputSchema } from '../schema/define-output';
import type { FormatOption } from '../schema/select-format';
import type { ToolDefinition } from '../tools/tool-definition';
import type { RetryPolicy } from './retry-policy';
import type { FieldValidators } from './validation/field-validator';
import type { Validator } from './validation/validator';

/** Options of `createResponse`. */
export type CreateResponseOptions<Data = unknown, Input = unknown> = {
  /** The model: any function from a request to a stream of model events. */
  model: Model;
  /** What the model works on: text, or any value (rendered as indented JSON) in `[INPUT]`. */
  input: unknown;
  /** What to do with the input, in `[INSTRUCT]` (lines of a list are joined). */
  instruct?: string | readonly string[];
  /**
   * The output schema: a `defineOutput` definition, a Standard JSON Schema (zod 4, arktype, valibot
   * through `toStandardJsonSchema`) or a JSON Schema document. Without one the answer is plain text.
   */
  output?: OutputSchema<Data, Input>;
  /**
   * The format to ask for. Default: `auto` with an `output` (chosen from its shape; a parse
   * failure retries in `json`), `text` without one.
   */
  format?: FormatOption;
  /**
   * Format definitions this response may use besides the registered ones (`json` and `text` are
   * built in): `formats: [hybridFormat]` makes `format: 'hybrid'` (or `auto` picking it) work.
   */
  formats?: readonly FormatDefinition[];
  /** Custom validators, run after those registered with `.validate()`, in order. */
  validate?: Validator<Data> | readonly Validator<Data>[];
  /**
   * Field validators by path (`{ 'items[*].email': (value) => … }`), sync or async, with the
   * verdicts of `validate`. Each runs when a matching field closes while the answer streams, and
   * on the final data. See {@link FieldValidators}.
   */
  validateField?: FieldValidators;
  /**
   * Judge each field the moment it closes (its schema rule, its `not_null` mark, its
   * `validateField`) and, while a retry is left, stop the attempt at once on a rejection and retry
   * with a correction naming the field. Default `true`; `false` judges everything at the end only.
   */
  earlyValidation?: boolean;
  /** Retries shared by parse, request, ensure and validator failures (default 3). */
  maxRetries?: number;
  /**
   * How long to wait before re-sending after a transport failure (dropped connection, 408, 429,
   * 5xx except 501, a provider error): exponential backoff with jitter, at least the server's
   * `Retry-After`. Default `{ baseDelayMs: 500, factor: 2, maxDelayMs: 30_000, jitter: 0.5,
   * respectRetryAfter: true }`. Other 4xx are never retried. See {@link RetryPolicy}.
   */
  retry?: RetryPolicy;
  /**
   * When the budget runs out on a validation failure (strict shape, ensure, validator): throw a
   * typed error (default `true`), or resolve `getData()` with the latest data.
   */
  raiseEnsureFailure?: boolean;
  /** Require every key of the schema to be present (step 2 of the pipeline). Default `false`. */
  ensureAllKeys?: boolean;
  /** Aborts the response like `abort()`. */
  signal?: AbortSignal;
  /** Passed to the model on every request (model name, temperature, …). */
  settings?: Readonly<Record<string, unknown>>;
  /**
   * Deepest nesting the parsers accept before a `DepthLimitError` stops the parse (default 256,
   * `DEFAULT_MAX_DEPTH`: deeper answers would cost the store time quadratic in their depth).
   */
  maxDepth?: number;
  /** A system message sent before the prompt. */
  system?: string;
  /**
   * A structured-output contract (`json_object` / `json_schema`): planned against
   * `capabilities`, sent natively where the provider can, and checked on every final text.
   * Forces the `json` format.
   */
  responseFormat?: ResponseFormatRequest;
  /** What the provider can do natively (default: nothing — the contract goes into the prompt). */
  capabilities?: ProviderCapabilities;
  /**
   * Tools the model may call. Their calls stream as live fields on the `$tools` channel
   * (`$tools[0].arguments.query`) and the response ends with them (`getToolCalls()`); Fieldstream
   * never executes a tool.
   */
  tools?: readonly ToolDefinition[];
  /**
   * Ask for the output as the arguments of one forced tool whose parameters are the output's JSON
   * Schema (strict where the provider has it). The arguments stream into the same patches, store,
   * final parse, validation and retries as a JSON answer; text the model writes beside the call goes
   * to `$reasoning`. Needs `output`; forces the `json` format. `true` names the tool `output`.
   */
  outputTool?: boolean | OutputToolOptions;
};

/** Options of {@link CreateResponseOptions.outputTool}. */
export type OutputToolOptions = {
  /** The tool's name (default `output`). */
  name?: string;
  /** What the tool is for, for the model (default: the output's description, if any). */
  description?: string;
  /** Strict schema enforcement where the provider has it (OpenAI `strict: true`). Default true. */
  strict?: boolean;
};
