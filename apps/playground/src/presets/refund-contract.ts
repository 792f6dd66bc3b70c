import type { OutputDefinition } from '@fieldstream/core';
import type { ContractSample } from '@fieldstream/core/kits';
import { customerRefundContract, type RefundAnswer } from '../contracts/customer-refund';
import {
  REFUND_EDITION_IDS,
  REFUND_EDITIONS,
  type RefundEdition,
  type RefundEditionId,
} from '../contracts/refund-editions';
import type { Preset } from './preset';

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

function inContractOrder(output: unknown): RefundAnswer {
  const record = output as Record<string, unknown>;
  return Object.fromEntries(KEY_ORDER.map((key) => [key, record[key]])) as RefundAnswer;
}

function sample(samples: readonly ContractSample[], namePrefix: string): RefundAnswer {
  const found = samples.find((candidate) => candidate.name.startsWith(namePrefix));
  if (found === undefined) throw new Error(`no customer-refund sample starting with ${namePrefix}`);
  return inContractOrder(found.output);
}

/**
 * The answer in `xml_field`, written by hand the way a careful model would: text fields as
 * `type="text"`, everything else — and every `null`, which text cannot express — as `type="json"`.
 * (`renderAnswer` would write a null text field as the text "null", so this is the recorded format.)
 */
function contractXml(data: RefundAnswer): string {
  const fields = Object.entries(data).map(([key, value]) =>
    typeof value === 'string'
      ? `<field name="${key}" type="text">\n${value}\n</field>`
      : `<field name="${key}" type="json">${JSON.stringify(value)}</field>`,
  );
  return ['<agently_output>', ...fields, '</agently_output>'].join('\n');
}

/** Each sample: its title, the request (amounts in `currency`) and the seed sample it answers with. */
const SAMPLES: readonly {
  id: RefundSampleId;
  slug: string;
  title: string;
  input(currency: string): string;
  sample: string;
}[] = [
  {
    id: 'resolved',
    slug: 'resolved',
    title: 'resolved',
    input: (currency) =>
      `Customer: "One of the two mugs in order A-1042 arrived cracked, photo attached." Order record: 2 × mug at 24.50 ${currency}, signed for, paid by card.`,
    sample: 'resolved',
  },
  {
    id: 'need_more_info',
    slug: 'need-more-info',
    title: 'need more info',
    input: () =>
      'Customer: "The blender from order A-2077 stopped working after a week, I want my money back." No photo of the fault in the conversation.',
    sample: 'need_more_info',
  },
  {
    id: 'unable_to_confirm',
    slug: 'unable-to-confirm',
    title: 'unable to confirm',
    input: (currency) =>
      `Customer: "Please refund order A-10231." get_order: signed for 3 days ago, paid 268 ${currency}. Payment records and the refunded amount: not available.`,
    sample: 'unable_to_confirm',
  },
  {
    id: 'tool_failure',
    slug: 'tool-failure',
    title: 'tool failure',
    input: () => 'Customer: "Please refund order A-1042, it was the wrong colour." Order lookup: timed out after 30 s.',
    sample: 'tool_failure',
  },
  {
    // The resolved answer to the same mug order (one of two mugs cracked), but refunding 500 and
    // promising an arrival time: only the program rules fail, and the retry's valid answer (the
    // resolved sample) tells the same story.
    id: 'invalid_date_promise',
    slug: 'invalid-date-promise',
    title: 'invalid (arrival-time promise, over balance)',
    input: (currency) =>
      `Customer: "One of the two mugs in order A-1042 arrived cracked, photo attached." Order record: 2 × mug at 24.50 ${currency}, signed for, paid by card.`,
    sample: 'invalid: promises an arrival time',
  },
];

/** The preset id of a sample in an edition (what the refund page sends the server). */
export function refundPresetId(edition: RefundEditionId, id: RefundSampleId): string {
  const slug = SAMPLES.find((entry) => entry.id === id)?.slug ?? id;
  return edition === 'zh' ? `refund-${slug}` : `refund-${edition}-${slug}`;
}

/** The valid answer a retry of the invalid sample receives. */
export const INVALID_SAMPLE_RETRY: RefundSampleId = 'resolved';

function refundPresets(edition: RefundEdition): Preset[] {
  const { version } = edition.contract;
  return SAMPLES.map(({ id, title, input, sample: name }) => {
    const data = sample(edition.samples, name);
    return {
      id: refundPresetId(edition.id, id),
      title: `Refund contract (${edition.id}): ${title}`,
      description:
        id === 'invalid_date_promise'
          ? `Contract kit: an answer that breaks two rules of contract ${version} (arrival-time promise, over balance)`
          : `Contract kit: a customer-refund decision (${data.status}) under contract ${version}`,
      input: input(edition.currency),
      output: edition.contract.output as OutputDefinition,
      format: 'json',
      data,
      recorded: { format: 'xml_field', text: contractXml(data) },
    };
  });
}

/** Per edition, the four statuses (one valid sample each) and the invalid sample, as presets the server serves. */
export const refundContractPresets: readonly Preset[] = REFUND_EDITION_IDS.flatMap((edition) =>
  refundPresets(REFUND_EDITIONS[edition]),
);

/** The request of a sample in an edition. */
export function refundRequest(edition: RefundEditionId, id: RefundSampleId): string | undefined {
  return refundContractPresets.find((preset) => preset.id === refundPresetId(edition, id))?.input;
}
