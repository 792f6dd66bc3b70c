import type { ContractDefinition } from '../contract-types';
import type { ContractSample } from '../run-contract-samples';

/** The data of the customer-refund contract. */
export type CustomerRefund = {
  schema_version: string;
  status: 'resolved' | 'need_more_info' | 'unable_to_confirm' | 'tool_failure';
  order_no: string | null;
  refund_decision: 'full_refund' | 'partial_refund' | 'no_refund' | null;
  reason: string;
  refund_amount: number | null;
  evidence: string[];
  actions: { type: 'issue_refund' | 'request_info' | 'escalate' | 'retry_tool'; detail: string }[];
  customer_message: string;
  missing_info: string[];
  need_human_review: boolean;
  escalation_reason: string | null;
};

/** Phrases that promise a date or a deadline the support desk cannot guarantee. */
const DATE_PROMISE =
  /\b(by|before|within|on)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|\d+\s+(business\s+)?(days?|hours?)|\d{4}-\d{2}-\d{2})\b/i;

/** The example contract of issue 7: a refund decision a UI, a ticket system and analytics consume. */
export const customerRefundContract: ContractDefinition<CustomerRefund> = {
  name: 'customer_refund',
  version: '1.0.0',
  description: 'Decide a customer refund request from the order record and the conversation.',
  fields: {
    order_no: { type: 'string', nullable: true, description: 'the order number, null when the customer gave none' },
    refund_decision: {
      type: 'enum',
      nullable: true,
      description: 'the refund decided; null unless status is resolved',
      values: {
        full_refund: 'refund the whole paid amount',
        partial_refund: 'refund part of the paid amount (refund_amount says how much)',
        no_refund: 'the request is declined under the refund policy',
      },
    },
    reason: { type: 'string', description: 'why, in one or two sentences, for the support agent' },
    refund_amount: {
      type: 'number',
      nullable: true,
      description: 'the amount to refund; null when nothing is refunded',
    },
    evidence: {
      type: 'array',
      items: { type: 'string', description: 'a fact from the record' },
      description: 'facts the decision rests on',
    },
    actions: {
      type: 'array',
      description: 'what the system should do next, in order',
      items: {
        type: 'object',
        description: 'one action',
        fields: {
          type: {
            type: 'enum',
            description: 'the action',
            values: {
              issue_refund: 'send the refund through the payment system',
              request_info: 'ask the customer for what is missing',
              escalate: 'hand the case to a human agent',
              retry_tool: 'retry the failed lookup later',
            },
          },
          detail: { type: 'string', description: 'the parameters of the action in words' },
        },
      },
    },
    customer_message: { type: 'string', description: 'the reply shown to the customer; never promise a date' },
    missing_info: {
      type: 'array',
      items: { type: 'string', description: 'one missing item' },
      description: 'what the customer must still provide',
    },
    need_human_review: { type: 'boolean', description: 'a human must check this before anything is sent' },
    escalation_reason: { type: 'string', nullable: true, description: 'why a human must review; null when not needed' },
  },
  statuses: {
    resolved: {
      kind: 'business',
      meaning: 'a refund decision was made from confirmed facts',
      actions: {
        ui: 'show the decision and the message',
        ticket_system: 'execute the actions and close the ticket',
        analytics: 'count the decision',
      },
    },
    need_more_info: {
      kind: 'business',
      meaning: 'the customer must provide the missing_info before a decision',
      actions: {
        ui: 'show the message and a form for missing_info',
        ticket_system: 'set the ticket to waiting on customer',
        analytics: 'count as pending',
      },
    },
    unable_to_confirm: {
      kind: 'business',
      meaning: 'the facts conflict or cannot be verified; a human decides',
      actions: {
        ui: 'tell the customer an agent will follow up',
        ticket_system: 'assign to the refund queue',
        analytics: 'count as escalated',
      },
    },
    tool_failure: {
      kind: 'system',
      meaning: 'a lookup the decision needs failed; not a business outcome',
      actions: {
        ui: 'show a temporary-problem notice',
        ticket_system: 'schedule a retry',
        analytics: 'count as a system fault, not a refund outcome',
      },
    },
  },
  consumers: {
    ui: { description: 'the support chat widget', reads: ['status', 'customer_message', 'missing_info'] },
    ticket_system: {
      description: 'the helpdesk automation',
      reads: ['status', 'order_no', 'refund_decision', 'refund_amount', 'actions'],
    },
    analytics: { description: 'the refunds dashboard', reads: ['status', 'refund_decision', 'refund_amount'] },
  },
  rules: [
    {
      name: 'refund_within_balance',
      description: 'refund_amount must not exceed the refundable balance',
      check: (data, context) => {
        const balance = context.refundableBalance;
        if (data.refund_amount === null || typeof balance !== 'number') return true;
        return (
          data.refund_amount <= balance ||
          `refund_amount ${data.refund_amount} exceeds the refundable balance ${balance}`
        );
      },
    },
    {
      name: 'no_date_promise',
      description: 'customer_message must not promise a date or deadline',
      check: (data) => !DATE_PROMISE.test(data.customer_message) || 'customer_message promises a date',
    },
    {
      name: 'resolved_has_decision',
      description: 'a resolved answer carries a refund_decision',
      statuses: ['resolved'],
      check: (data) => data.refund_decision !== null || 'status resolved needs a refund_decision',
    },
    {
      name: 'decision_only_when_resolved',
      description: 'refund_decision and refund_amount are null unless status is resolved',
      statuses: ['need_more_info', 'unable_to_confirm', 'tool_failure'],
      check: (data) =>
        (data.refund_decision === null && data.refund_amount === null) || 'only a resolved answer may carry a decision',
    },
    {
      name: 'missing_info_listed',
      description: 'need_more_info lists what is missing',
      statuses: ['need_more_info'],
      check: (data) => data.missing_info.length > 0 || 'status need_more_info needs missing_info',
    },
    {
      name: 'escalation_explained',
      description: 'need_human_review goes with an escalation_reason',
      check: (data) =>
        data.need_human_review === (data.escalation_reason !== null) ||
        'need_human_review and escalation_reason disagree',
    },
  ],
};

const base = {
  schema_version: '1.0.0',
  order_no: 'A-1042',
  refund_decision: null,
  reason: '',
  refund_amount: null,
  evidence: [],
  actions: [],
  customer_message: '',
  missing_info: [],
  need_human_review: false,
  escalation_reason: null,
} satisfies Omit<CustomerRefund, 'status'>;

/** One valid sample per status, plus invalid ones, for `contract.checkSamples`. */
export const customerRefundSamples: ContractSample[] = [
  {
    name: 'resolved: partial refund',
    expect: 'valid',
    output: {
      ...base,
      status: 'resolved',
      refund_decision: 'partial_refund',
      reason: 'One of two items arrived damaged; photos confirm it.',
      refund_amount: 24.5,
      evidence: ['order A-1042 has 2 items', 'photo shows a cracked mug'],
      actions: [{ type: 'issue_refund', detail: 'refund 24.50 EUR to the original card' }],
      customer_message: 'We are refunding 24.50 EUR for the damaged mug to your card.',
    },
  },
  {
    name: 'need_more_info: no order number',
    expect: 'valid',
    output: {
      ...base,
      status: 'need_more_info',
      order_no: null,
      reason: 'The customer gave no order number.',
      actions: [{ type: 'request_info', detail: 'ask for the order number' }],
      customer_message: 'Could you send us your order number?',
      missing_info: ['order number'],
    },
  },
  {
    name: 'unable_to_confirm: conflicting records',
    expect: 'valid',
    output: {
      ...base,
      status: 'unable_to_confirm',
      reason: 'The carrier says delivered; the customer says not received.',
      evidence: ['carrier status: delivered'],
      actions: [{ type: 'escalate', detail: 'refund queue' }],
      customer_message: 'An agent will look into your delivery and get back to you.',
      need_human_review: true,
      escalation_reason: 'carrier record conflicts with the customer',
    },
  },
  {
    name: 'tool_failure: order lookup timed out',
    expect: 'valid',
    output: {
      ...base,
      status: 'tool_failure',
      reason: 'The order service timed out.',
      actions: [{ type: 'retry_tool', detail: 'order lookup' }],
      customer_message: 'We could not open your order right now; we will come back to you.',
    },
  },
  {
    name: 'invalid: promises a date and exceeds the balance',
    expect: 'invalid',
    output: {
      ...base,
      status: 'resolved',
      refund_decision: 'full_refund',
      refund_amount: 500,
      customer_message: 'You will have your money within 3 days.',
    },
  },
  {
    name: 'invalid: missing keys and an unknown status',
    expect: 'invalid',
    output: { schema_version: '0.9.0', status: 'done', order_no: 'A-1' },
  },
];
