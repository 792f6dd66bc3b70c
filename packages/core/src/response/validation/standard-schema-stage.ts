import { errorMessage } from '../../errors/error-message';
import { appendSegment } from '../../patch/path';
import type { OutputDefinition } from '../../schema/define-output';
import type { StandardSchemaV1 } from '../../schema/standard-schema';
import { thrownReason } from './thrown-reason';
import type { ValidationFailure } from './validation-failure';

/** One issue of a Standard Schema, with its path as Fieldstream writes it (`items[0].name`). */
export type SchemaIssue = { path: string; message: string };

/** The name the schema stage reports under (events, `ValidationError.validatorName`). */
export const SCHEMA_VALIDATOR_NAME = 'schema';

/**
 * The last validation stage: the output's own Standard Schema validator (zod, valibot, arktype).
 * Passing data becomes the validator's value (transforms and defaults applied); issues become a
 * `validator` failure whose reason, quoted in the retry's correction block, names each path. A
 * schema that throws or rejects (a refinement's own error) fails like a validator that throws: a
 * `validator_error` named `schema`.
 */
export async function validateWithSchema(
  output: OutputDefinition | undefined,
  data: unknown,
): Promise<{ ok: true; data: unknown } | { ok: false; failure: ValidationFailure }> {
  if (output?.standard === undefined) return { ok: true, data };
  let issues: SchemaIssue[];
  try {
    const result = await output.standard.validate(data);
    if (result.issues === undefined) return { ok: true, data: result.value };
    issues = result.issues.map(toSchemaIssue);
  } catch (error) {
    const reason = thrownReason(SCHEMA_VALIDATOR_NAME, error);
    return { ok: false, failure: { stage: 'validator_error', validatorName: SCHEMA_VALIDATOR_NAME, reason, error } };
  }
  const reason = issues.map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`));
  return {
    ok: false,
    failure: {
      stage: 'validator',
      validatorName: SCHEMA_VALIDATOR_NAME,
      reason: reason.join('; ') || 'the schema rejected the output',
      payload: issues,
      noRetry: false,
      raise: undefined,
    },
  };
}

function toSchemaIssue(issue: StandardSchemaV1.Issue): SchemaIssue {
  let path = '';
  for (const segment of issue.path ?? []) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    path = appendSegment(path, typeof key === 'number' ? key : String(key));
  }
  return { path, message: errorMessage(issue.message) };
}
