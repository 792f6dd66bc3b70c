import type { AnswerIssue, AnswerItem, AnswerResult, AnswerResultCheck, AnswerStage } from './answer-flow-types';

/** What the flow knows of one item while it runs. */
export type ItemState<Data, Value> = {
  item: AnswerItem<Data>;
  /** The latest generated (or fallback) value; `hasValue` says whether there is one. */
  value: Value | undefined;
  hasValue: boolean;
  /** pending: never generated; passed; failed: needs repair; not-run: canInvoke refused its first call. */
  status: 'pending' | 'passed' | 'failed' | 'not-run';
  checks: AnswerResultCheck<Value>[];
  issues: readonly AnswerIssue[];
  recovered: boolean;
};

export function createState<Data, Value>(item: AnswerItem<Data>): ItemState<Data, Value> {
  return { item, value: undefined, hasValue: false, status: 'pending', checks: [], issues: [], recovered: false };
}

/** Records a failed stage: the item needs repair in the next round. */
export function fail<Data, Value>(
  state: ItemState<Data, Value>,
  stage: AnswerStage,
  round: number,
  issues: readonly AnswerIssue[],
  status: AnswerResultCheck<Value>['status'] = 'failed',
): void {
  state.checks.push({ stage, round, status, issues });
  state.status = 'failed';
  state.issues = issues;
}

/** Records a passed stage. */
export function pass<Data, Value>(state: ItemState<Data, Value>, stage: AnswerStage, round: number): void {
  state.checks.push({ stage, round, status: 'passed', issues: [] });
  state.status = 'passed';
  state.issues = [];
}

/** The item's result as it stands: a value only when it passed or was recovered. */
export function toResult<Data, Value>(state: ItemState<Data, Value>): AnswerResult<Data, Value> {
  const status = state.recovered
    ? 'recovered'
    : state.status === 'passed'
      ? 'passed'
      : state.status === 'not-run'
        ? 'not-run'
        : 'failed';
  const base = { id: state.item.id, item: state.item, status, checks: [...state.checks] } as const;
  if (status === 'passed' || status === 'recovered') return { ...base, value: state.value as Value, issues: [] };
  return { ...base, issues: state.issues };
}
