import { invalid } from '../errors/check-argument';
import { DEFAULT_FRAME_MS } from '../patch-stream/wire-batches';
import type { CreateResponseOptions } from '../response/response-options';
import { type OutputSchema, resolveOutput } from '../schema/define-output';
import type { EnsureLevel } from '../schema/schema-types';
import type { WorkerModelConfig } from './model-config';

/** Response options that stay on the main thread or that name a worker. */
type MainThreadOnly = 'model' | 'formats' | 'signal' | 'output';

/** Options of `createWorkerResponse`: `createResponse`'s, with a model config instead of a model. */
export type WorkerResponseOptions<Data = unknown> = Omit<CreateResponseOptions<Data>, MainThreadOnly> & {
  /** The provider factory's name and its plain options: `{ provider: 'openAIChat', baseURL, model }`. */
  model: WorkerModelConfig;
  /**
   * The output schema. Its fields cross to the worker; a Standard Schema's `validate` runs on the
   * main thread after each final parse, with `validate` (its transforms are not applied to the data).
   */
  output?: OutputSchema<Data>;
  /** Aborts like `abort()`. */
  signal?: AbortSignal;
  /**
   * The worker: a `Worker` you created (shared, never terminated by us), a function making one, or
   * `false` to run on the main thread. Default: the package's own worker script, created once and
   * shared; on the main thread where `Worker` does not exist.
   */
  worker?: Worker | (() => Worker) | false;
  /** Milliseconds between batches of patches (default 16: one frame). */
  frameMs?: number;
};

/** The options as they cross to the worker: plain data only. */
export type SerialisedResponseOptions = Omit<CreateResponseOptions, MainThreadOnly | 'validate' | 'validateField'> & {
  model: WorkerModelConfig;
  /**
   * The output's shape (schema literal or JSON Schema) and ensure levels, rebuilt with `defineOutput`;
   * `standard`: a Standard Schema on the main thread judges each field's rule (decision 0022).
   */
  output?: { shape: unknown; ensure: Record<string, EnsureLevel>; standard?: true };
  /** The paths of the main thread's `validateField`: the worker asks it when such a field closes. */
  fieldChecks?: string[];
  frameMs: number;
};

/** Strips what cannot cross (validators, the signal, the worker) and flattens the output schema. */
export function serialiseOptions<Data>(options: WorkerResponseOptions<Data>): SerialisedResponseOptions {
  const {
    model,
    output,
    signal: _signal,
    worker: _worker,
    validate: _validate,
    validateField,
    frameMs,
    ...rest
  } = options;
  if (frameMs !== undefined && (typeof frameMs !== 'number' || !(frameMs >= 0)))
    throw invalid('worker response options.frameMs', 'a number ≥ 0', frameMs);
  const definition = resolveOutput(output);
  return {
    ...rest,
    model,
    ...(definition === undefined
      ? {}
      : {
          output: {
            shape: definition.shape,
            ensure: { ...definition.ensureKeys },
            ...(definition.standard === undefined ? {} : { standard: true as const }),
          },
        }),
    ...(validateField === undefined ? {} : { fieldChecks: Object.keys(validateField) }),
    frameMs: frameMs ?? DEFAULT_FRAME_MS,
  };
}
