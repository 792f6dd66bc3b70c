import type { OutputDefinition } from '@fieldstream/core';
import {
  type CustomerRefund,
  customerRefund,
  customerRefundContract,
  customerRefundSamples,
} from '../contracts/customer-refund';
import type { Preset } from './preset';

/** The customer-refund contract (v1.2, seed output-contract-lesson.txt), compiled: output schema, validators, `route`. */
export const refundContract = customerRefund;

/** The refundable balance the playground's refund page checks `refund_within_balance` against. */
export const REFUNDABLE_BALANCE = 49;

/** A sample the refund page can ask the built-in model for. */
export type RefundSampleId =
  | 'resolved'
  | 'need_more_info'
  | 'unable_to_confirm'
  | 'tool_failure'
  | 'invalid_date_promise';

/** Key order of the contract: `schema_version` and `status` first, so a UI can switch on status early. */
const KEY_ORDER = ['schema_version', 'status', ...Object.keys(customerRefundContract.fields)];

function inContractOrder(output: unknown): CustomerRefund {
  const record = output as Record<string, unknown>;
  return Object.fromEntries(KEY_ORDER.map((key) => [key, record[key]])) as CustomerRefund;
}

function sample(namePrefix: string): CustomerRefund {
  const found = customerRefundSamples.find((candidate) => candidate.name.startsWith(namePrefix));
  if (found === undefined) throw new Error(`no customer-refund sample starting with ${namePrefix}`);
  return inContractOrder(found.output);
}

/**
 * The invalid sample: the resolved answer to the same mug order (one of two mugs cracked), but
 * refunding 500 and promising an arrival time — so only the contract's program rules fail, and
 * the retry's valid answer (the resolved sample) tells the same story.
 */
const invalidPromise: CustomerRefund = sample('invalid: promises an arrival time');

/**
 * The answer in `xml_field`, written by hand the way a careful model would: text fields as
 * `type="text"`, everything else — and every `null`, which text cannot express — as `type="json"`.
 * (`renderAnswer` would write a null text field as the text "null", so this is the recorded format.)
 */
function contractXml(data: CustomerRefund): string {
  const fields = Object.entries(data).map(([key, value]) =>
    typeof value === 'string'
      ? `<field name="${key}" type="text">\n${value}\n</field>`
      : `<field name="${key}" type="json">${JSON.stringify(value)}</field>`,
  );
  return ['<agently_output>', ...fields, '</agently_output>'].join('\n');
}

const output = refundContract.output as OutputDefinition;

function refundPreset(id: RefundSampleId, title: string, input: string, data: CustomerRefund): Preset {
  return {
    id: REFUND_PRESET_IDS[id],
    title: `Refund contract: ${title}`,
    description:
      id === 'invalid_date_promise'
        ? `Contract kit: an answer that breaks two rules of contract ${refundContract.version} (arrival-time promise, over balance)`
        : `Contract kit: a customer-refund decision (${data.status}) under contract ${refundContract.version}`,
    input,
    output,
    format: 'json',
    data,
    recorded: { format: 'xml_field', text: contractXml(data) },
  };
}

/** Preset id per sample (what the refund page sends the server). */
export const REFUND_PRESET_IDS: Readonly<Record<RefundSampleId, string>> = {
  resolved: 'refund-resolved',
  need_more_info: 'refund-need-more-info',
  unable_to_confirm: 'refund-unable-to-confirm',
  tool_failure: 'refund-tool-failure',
  invalid_date_promise: 'refund-invalid-date-promise',
};

/** The valid answer a retry of the invalid sample receives. */
export const INVALID_SAMPLE_RETRY: RefundSampleId = 'resolved';

/** The four statuses (one valid sample each) and the invalid sample, as presets the server serves. */
export const refundContractPresets: readonly Preset[] = [
  refundPreset(
    'resolved',
    'resolved',
    'Customer: "One of the two mugs in order A-1042 arrived cracked, photo attached." Order record: 2 × mug at 24.50 元, signed for, paid by card.',
    sample('resolved'),
  ),
  refundPreset(
    'need_more_info',
    'need more info',
    'Customer: "The blender from order A-2077 stopped working after a week, I want my money back." No photo of the fault in the conversation.',
    sample('need_more_info'),
  ),
  refundPreset(
    'unable_to_confirm',
    'unable to confirm',
    'Customer: "Please refund order A-10231." get_order: signed for 3 days ago, paid 268 元. Payment records and the refunded amount: not available.',
    sample('unable_to_confirm'),
  ),
  refundPreset(
    'tool_failure',
    'tool failure',
    'Customer: "Please refund order A-1042, it was the wrong colour." Order lookup: timed out after 30 s.',
    sample('tool_failure'),
  ),
  refundPreset(
    'invalid_date_promise',
    'invalid (arrival-time promise, over balance)',
    // The same request as the resolved sample: the retry's valid answer is its right answer.
    'Customer: "One of the two mugs in order A-1042 arrived cracked, photo attached." Order record: 2 × mug at 24.50 元, signed for, paid by card.',
    invalidPromise,
  ),
];

/** The data of a sample's preset. */
export function refundSampleData(id: RefundSampleId): CustomerRefund {
  const preset = refundContractPresets.find((candidate) => candidate.id === REFUND_PRESET_IDS[id]);
  return preset?.data as CustomerRefund;
}
