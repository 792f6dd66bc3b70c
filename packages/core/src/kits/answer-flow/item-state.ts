import type { FlowCheck, FlowIssue, FlowStage } from './answer-flow-types';

/** What the flow knows of one item while it runs. */
export type ItemState<Data, Value> = {
  id: string;
  data: Data;
  value: Value | undefined;
  /** pending: needs a value this round; passed; failed: needs repair; not-run: never generated. */
  status: 'pending' | 'passed' | 'failed' | 'not-run';
  checks: FlowCheck[];
  issues: readonly FlowIssue[];
  generated: boolean;
  usedFallback: boolean;
};

/** Records a failed stage: the item needs repair in the next round. */
export function fail<Data, Value>(
  state: ItemState<Data, Value>,
  stage: FlowStage,
  round: number,
  issues: readonly FlowIssue[],
  status: FlowCheck['status'] = 'failed',
): void {
  state.checks.push({ stage, round, status, issues });
  state.status = 'failed';
  state.issues = issues;
}
