import { createResponse, type FieldStore, type ModelResponse } from '@fieldstream/core';
import { useResponse } from '@fieldstream/react';
import type { RefundAnswer } from '../../../contracts/customer-refund';
import { REFUND_EDITION_IDS, REFUND_EDITIONS, type RefundEditionId } from '../../../contracts/refund-editions';
import {
  INVALID_SAMPLE_RETRY,
  REFUNDABLE_BALANCE,
  type RefundSampleId,
  refundPresetId,
  refundRequest,
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

export type RefundRunSettings = KitPacing & {
  edition: RefundEditionId;
  sample: RefundSampleId;
  format: ContractFormat;
};

export const DEFAULT_REFUND_SETTINGS: RefundRunSettings = {
  edition: 'en',
  sample: 'resolved',
  format: 'json',
  charsPerSecond: 500,
  chunkSize: 6,
};

/** The rule context every refund response is validated with. */
export const REFUND_RULE_CONTEXT = { refundableBalance: REFUNDABLE_BALANCE };

/** Settings from the route's query (`edition`, `sample`, `format`, `rate`, `chunk`), read once. */
export function refundSettingsFrom(params: URLSearchParams): RefundRunSettings {
  const edition = REFUND_EDITION_IDS.find((option) => option === params.get('edition'));
  const sample = REFUND_SAMPLES.find((option) => option.id === params.get('sample'))?.id;
  const format = CONTRACT_FORMATS.find((option) => option === params.get('format'));
  return {
    edition: edition ?? DEFAULT_REFUND_SETTINGS.edition,
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
export function refundPresetFor({ edition, sample }: RefundRunSettings, attempt: number): string {
  return refundPresetId(edition, sample === 'invalid_date_promise' && attempt > 0 ? INVALID_SAMPLE_RETRY : sample);
}

/**
 * A refund response under the contract: its output schema, its instructions, and its rules as
 * validators, so a violation retries with the violations in the correction.
 */
export function createRefundResponse(
  signal: AbortSignal,
  settings: RefundRunSettings,
  scenario: string,
): ModelResponse<RefundAnswer> {
  const { contract } = REFUND_EDITIONS[settings.edition];
  return createResponse<RefundAnswer>({
    model: kitModel(scenario, settings, (attempt) => refundPresetFor(settings, attempt)),
    input: refundRequest(settings.edition, settings.sample) ?? '',
    instruct: contract.instructions(),
    output: contract.output,
    format: settings.format,
    validate: contract.validators(REFUND_RULE_CONTEXT),
    maxRetries: 2,
    signal,
  });
}

export type RefundRun = {
  store: FieldStore<RefundAnswer>;
  response: ModelResponse<RefundAnswer> | undefined;
  scenario: string | undefined;
  settings: RefundRunSettings | undefined;
  start(settings: RefundRunSettings): void;
  abort(): void;
};

const extras = new WeakMap<ModelResponse<RefundAnswer>, { scenario: string; settings: RefundRunSettings }>();

/** Starts and aborts refund responses through `useResponse`, as the live-form page does. */
export function useRefundRun(): RefundRun {
  const handle = useResponse<ModelResponse<RefundAnswer>, RefundAnswer, [RefundRunSettings]>((signal, settings) => {
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
