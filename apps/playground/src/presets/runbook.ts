import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

const output = defineOutput({
  title: ['string', 'runbook title', 'not_null'],
  service: ['string', 'the service it applies to'],
  severity: [['low', 'medium', 'high'], 'how risky running it is'],
  preconditions: ['string', 'what must hold before starting'],
  steps: [
    {
      name: ['string', 'step name', 'not_null'],
      command: ['string', 'shell commands, as a literal block'],
      verify: ['string', 'how to check the step worked'],
    },
  ],
  rollback: ['string', 'how to undo, as a shell script', 'not_null'],
  estimated_minutes: ['integer', 'expected duration'],
  requires_approval: ['boolean', 'whether an approver must sign off'],
  rollback_tested: ['string', "'yes' or 'no'"],
});

const metricsQuery =
  'curl -s "https://metrics.internal/api/v1/query?query=rate(http_5xx_total[5m])" | jq \'.data.result[0].value[1]\'';

// YAML 1.2 semantics: `|` keeps one trailing newline, `|-` strips it, `no` stays a string.
const data = {
  title: 'Roll back a bad payments-gateway deploy',
  service: 'payments-gateway',
  severity: 'high',
  preconditions:
    'You are on the incident bridge and have kubectl access to prod-eu.\nThe deploy you roll back is the newest one in `kubectl rollout history`.\n',
  steps: [
    {
      name: 'Pause the rollout',
      command: 'kubectl -n payments rollout pause deploy/payments-gateway\n',
      verify: 'The rollout status says "paused".',
    },
    {
      name: 'Roll back to the previous revision',
      command:
        'kubectl -n payments rollout undo deploy/payments-gateway\nkubectl -n payments rollout status deploy/payments-gateway --timeout=5m\n',
      verify: 'All pods report READY 1/1.',
    },
    { name: 'Check the error rate', command: metricsQuery, verify: 'Below 0.005 for ten minutes.' },
  ],
  rollback:
    '# Re-apply the rolled-back revision if the old one misbehaves\nkubectl -n payments rollout undo deploy/payments-gateway --to-revision=42\nkubectl -n payments rollout resume deploy/payments-gateway\n',
  estimated_minutes: 20,
  requires_approval: true,
  rollback_tested: 'no',
};

const text = `<<<BEGIN AGENTLY_YAML>>>
title: Roll back a bad payments-gateway deploy
service: payments-gateway
severity: high
preconditions: |
  You are on the incident bridge and have kubectl access to prod-eu.
  The deploy you roll back is the newest one in \`kubectl rollout history\`.
steps:
  - name: Pause the rollout
    command: |
      kubectl -n payments rollout pause deploy/payments-gateway
    verify: The rollout status says "paused".
  - name: Roll back to the previous revision
    command: |
      kubectl -n payments rollout undo deploy/payments-gateway
      kubectl -n payments rollout status deploy/payments-gateway --timeout=5m
    verify: All pods report READY 1/1.
  - name: Check the error rate
    command: |-
      ${metricsQuery}
    verify: Below 0.005 for ten minutes.
rollback: |
  # Re-apply the rolled-back revision if the old one misbehaves
  kubectl -n payments rollout undo deploy/payments-gateway --to-revision=42
  kubectl -n payments rollout resume deploy/payments-gateway
estimated_minutes: 20
requires_approval: true
rollback_tested: no
<<<END AGENTLY_YAML>>>
That is the whole runbook.`;

export const runbookPreset: Preset = {
  id: 'runbook',
  title: 'Runbook',
  description: 'yaml_literal: shell steps as literal | blocks, YAML 1.2 scalars',
  input: 'Write the runbook for rolling back a bad payments-gateway deploy.',
  output,
  format: 'yaml_literal',
  data,
  recorded: { format: 'yaml_literal', text },
  providerReasoning:
    'The runbook needs a pause, an undo with a status wait, and a metrics check. Rollback re-applies a pinned revision.',
};
