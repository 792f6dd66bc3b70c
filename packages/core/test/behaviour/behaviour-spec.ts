// What a behaviour case and a source are (behaviour-cases.ts lists the cases): a spec turned into a
// response by each source, and a case's run turning what a user observes into plain data.
import type {
  FieldValidators,
  FormatOption,
  OutputSchema,
  RetryPolicy,
  StreamedResponse,
  Validator,
} from '@fieldstream/core';
import type { ScriptedFault, ScriptedToolCall } from '@fieldstream/core/testing';

/** What a case asks for: a scripted model's answers and faults, and the response's options. */
export type BehaviourSpec = {
  answers: string[];
  faults?: ScriptedFault[];
  chunkSize?: number;
  delayMs?: number;
  output: OutputSchema<unknown>;
  format?: FormatOption;
  maxRetries?: number;
  retry?: RetryPolicy;
  validate?: Validator<unknown>[];
  /** Ask for the output through a forced tool (the scripted model then streams it as that call). */
  outputTool?: boolean;
  /** Tool calls the scripted model makes after its answer. */
  toolCalls?: ScriptedToolCall[];
  validateField?: FieldValidators;
  /** Extra provider meta the scripted model reports when an attempt finishes. */
  meta?: Record<string, unknown>;
};

/** The options every source derives from a spec (the model aside). */
export function responseOptions(spec: BehaviourSpec) {
  const { output, format, maxRetries, retry, validate, validateField, outputTool } = spec;
  return { input: 'fix the login', output, format, maxRetries, retry, validate, validateField, outputTool };
}

export function scriptedConfig(spec: BehaviourSpec) {
  const { answers, faults, chunkSize, delayMs, toolCalls, meta } = spec;
  return { answers, faults, chunkSize, delayMs, toolCalls, meta };
}

/** A place a response runs: it makes the response a spec describes (not started). */
export type BehaviourSource = { name: string; create(spec: BehaviourSpec): StreamedResponse<unknown> };

export type BehaviourCase = {
  name: string;
  spec: BehaviourSpec;
  /** Drives the response as a user would and returns what they could observe, as plain data. */
  run(response: StreamedResponse<unknown>): Promise<unknown>;
  expected: unknown;
};
