import type { ContractRuleContext, ContractViolation } from './contract-types';

/** A sample output and whether the contract should accept it. */
export type ContractSample = { name: string; output: unknown; expect: 'valid' | 'invalid' };

export type SampleOutcome = {
  name: string;
  expected: 'valid' | 'invalid';
  /** The sample behaved as expected. */
  ok: boolean;
  violations: readonly ContractViolation[];
};

export type SampleReport = { ok: boolean; outcomes: readonly SampleOutcome[] };

/** Runs each sample through `validate` and reports every violation and every surprise. */
export function runContractSamples(
  validate: (output: unknown, context?: ContractRuleContext) => ContractViolation[],
  samples: readonly ContractSample[],
  context?: ContractRuleContext,
): SampleReport {
  const outcomes = samples.map((sample) => {
    const violations = validate(sample.output, context);
    const valid = violations.length === 0;
    return { name: sample.name, expected: sample.expect, ok: valid === (sample.expect === 'valid'), violations };
  });
  return { ok: outcomes.every((outcome) => outcome.ok), outcomes };
}
