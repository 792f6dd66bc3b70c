import { createResponse, type FieldStore, type ModelResponse } from '@fieldstream/core';
import { useResponse } from '@fieldstream/react';
import type { CustomerRefund } from '../../../contracts/customer-refund';
import {
  INVALID_SAMPLE_RETRY,
  REFUND_PRESET_IDS,
  REFUNDABLE_BALANCE,
  type RefundSampleId,
  refundContract,
  refundContractPresets,
} from '../../../presets/refund-contract';
import { type KitPacing, kitModel, kitScenarioId } from '../kit-model';

/**
 * Formats the refund page offers. In `hybrid`, a nullable text field set to null (`refund_decision`,
 * `escalation_reason`) is written `null` under a `### name [JSON]` header (decision 0003).
 */
export const CONTRACT_FORMATS = ['json', 'hybrid', 'xml_field', 'yaml_literal'] as const;
export type ContractFormat = (typeof CONTRACT_FORMATS)[number];

export const REFUND_SAMPLES: readonly { id: RefundSampleId; label: string }[] = [
  { id: 'resolved', label: 'resolved' },
  { id: 'need_more_info', label: 'need_more_info' },
  { id: 'unable_to_confirm', label: 'unable_to_confirm' },
  { id: 'tool_failure', label: 'tool_failure' },
  { id: 'invalid_date_promise', label: 'invalid: arrival-time promise + over balance (then a valid retry)' },
];

export type RefundRunSettings = KitPacing & { sample: RefundSampleId; format: ContractFormat };

export const DEFAULT_REFUND_SETTINGS: RefundRunSettings = {
  sample: 'resolved',
  format: 'json',
  charsPerSecond: 500,
  chunkSize: 6,
};

/** The rule context every refund response is validated with. */
export const REFUND_RULE_CONTEXT = { refundableBalance: REFUNDABLE_BALANCE };

/** Settings from the route's query (`sample`, `format`, `rate`, `chunk`), read once. */
export function refundSettingsFrom(params: URLSearchParams): RefundRunSettings {
  const sample = REFUND_SAMPLES.find((option) => option.id === params.get('sample'))?.id;
  const format = CONTRACT_FORMATS.find((option) => option === params.get('format'));
  return {
    sample: sample ?? DEFAULT_REFUND_SETTINGS.sample,
    format: format ?? DEFAULT_REFUND_SETTINGS.format,
    charsPerSecond: numberParam(params.get('rate'), DEFAULT_REFUND_SETTINGS.charsPerSecond),
    chunkSize: Math.max(1, numberParam(params.get('chunk'), DEFAULT_REFUND_SETTINGS.chunkSize)),
  };
}

function numberParam(raw: string | null, fallback: number): number {
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The preset the model answers with on an attempt: the invalid sample's retries get a valid answer. */
export function refundPresetFor(sample: RefundSampleId, attempt: number): string {
  return REFUND_PRESET_IDS[sample === 'invalid_date_promise' && attempt > 0 ? INVALID_SAMPLE_RETRY : sample];
}

/**
 * A refund response under the contract: its output schema, its instructions, and its rules as
 * validators, so a violation retries with the violations in the correction.
 */
export function createRefundResponse(
  signal: AbortSignal,
  settings: RefundRunSettings,
  scenario: string,
): ModelResponse<CustomerRefund> {
  const preset = refundContractPresets.find((candidate) => candidate.id === REFUND_PRESET_IDS[settings.sample]);
  return createResponse<CustomerRefund>({
    model: kitModel(scenario, settings, (attempt) => refundPresetFor(settings.sample, attempt)),
    input: preset?.input ?? '',
    instruct: refundContract.instructions(),
    output: refundContract.output,
    format: settings.format,
    validate: refundContract.validators(REFUND_RULE_CONTEXT),
    maxRetries: 2,
    signal,
  });
}

export type RefundRun = {
  store: FieldStore<CustomerRefund>;
  response: ModelResponse<CustomerRefund> | undefined;
  scenario: string | undefined;
  settings: RefundRunSettings | undefined;
  start(settings: RefundRunSettings): void;
  abort(): void;
};

const extras = new WeakMap<ModelResponse<CustomerRefund>, { scenario: string; settings: RefundRunSettings }>();

/** Starts and aborts refund responses through `useResponse`, as the live-form page does. */
export function useRefundRun(): RefundRun {
  const handle = useResponse<ModelResponse<CustomerRefund>, CustomerRefund, [RefundRunSettings]>((signal, settings) => {
    const scenario = kitScenarioId(`refund-${settings.sample}`);
    const response = createRefundResponse(signal, settings, scenario);
    extras.set(response, { scenario, settings });
    return response;
  });
  const current = handle.response === undefined ? undefined : extras.get(handle.response);
  return {
    store: handle.store,
    response: handle.response,
    scenario: current?.scenario,
    settings: current?.settings,
    start: (settings) => {
      handle.start(settings);
    },
    abort: handle.abort,
  };
}
