import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

const output = defineOutput({
  status_summary: ['string', 'one-line status for the status page', 'not_null'],
  severity: [['SEV1', 'SEV2', 'SEV3', 'SEV4'], 'incident severity', true],
  impact: ['string', 'who is affected and how', 'not_null'],
  affected_services: [['string', 'a service name', 'not_null']],
  eta_minutes: ['integer', 'minutes until the next update'],
  customer_facing: ['boolean', 'whether customers can see the impact'],
  next_steps: [['string', 'one action the responders take next']],
  customer_reply: ['string', 'a short reply for customers who ask', 'not_null'],
});

const data = {
  status_summary: 'Checkout API \u2014 elevated 5xx errors in eu-west-1',
  severity: 'SEV2',
  impact: 'About 8% of card payments fail with "payment declined" since 09:12 UTC; retries usually succeed.',
  affected_services: ['checkout-api', 'payments-gateway', 'order-events'],
  eta_minutes: 45,
  customer_facing: true,
  next_steps: [
    'Roll back payments-gateway to v2.31.4',
    'Drain the unhealthy node pool in eu-west-1b',
    'Replay failed order events once the error rate is below 0.5%',
  ],
  customer_reply:
    'We are seeing intermittent payment failures at checkout. Your card has not been charged for failed attempts; please try again in a few minutes. Next update within 45 minutes.',
};

// Written the way models write JSON: escapes (\u2014, \") and a leading <think> block.
const text = String.raw`<think>The alert fired at 09:12 UTC. Error budget burn is 14x on checkout-api; the gateway deploy at 09:05 is the likely cause. Severity: customers affected but a workaround exists, so SEV2.</think>
{
  "status_summary": "Checkout API \u2014 elevated 5xx errors in eu-west-1",
  "severity": "SEV2",
  "impact": "About 8% of card payments fail with \"payment declined\" since 09:12 UTC; retries usually succeed.",
  "affected_services": ["checkout-api", "payments-gateway", "order-events"],
  "eta_minutes": 45,
  "customer_facing": true,
  "next_steps": [
    "Roll back payments-gateway to v2.31.4",
    "Drain the unhealthy node pool in eu-west-1b",
    "Replay failed order events once the error rate is below 0.5%"
  ],
  "customer_reply": "We are seeing intermittent payment failures at checkout. Your card has not been charged for failed attempts; please try again in a few minutes. Next update within 45 minutes."
}`;

export const incidentPreset: Preset = {
  id: 'incident',
  title: 'Incident status update',
  description: 'JSON: a status-page update with severity, services, ETA and a customer reply',
  input: 'Write a status update for the checkout incident from the alert and the deploy log.',
  output,
  format: 'json',
  data,
  recorded: { format: 'json', text },
};
