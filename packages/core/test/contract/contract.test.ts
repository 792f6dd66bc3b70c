import { selectFormat } from '@fieldstream/core';
import {
  type ContractDefinition,
  ContractError,
  checkContractCompatibility,
  defineContract,
} from '@fieldstream/core/kits';
import { describe, expect, it } from 'vitest';
import {
  customerRefundContract,
  customerRefundSamples,
} from '../../../../apps/playground/src/contracts/customer-refund';

const refund = defineContract(customerRefundContract);
const valid = (name: string) =>
  customerRefundSamples.find((sample) => sample.name.startsWith(name))?.output as Record<string, unknown>;

describe('defineContract', () => {
  it('compiles to an output schema with every field ensured, schema_version and status first', () => {
    expect(refund.output.ensureKeys).toEqual({
      schema_version: 'not_null',
      status: 'not_null',
      order_no: 'presence',
      refund_decision: 'presence',
      reason: 'not_null',
      refund_amount: 'presence',
      evidence: 'presence',
      actions: 'presence',
      customer_message: 'not_null',
      missing_info: 'presence',
      need_human_review: 'not_null',
      escalation_reason: 'presence',
    });
    const root = refund.output.root;
    expect(root.kind === 'object' && [...root.fields.keys()].slice(0, 3)).toEqual([
      'schema_version',
      'status',
      'order_no',
    ]);
    expect(selectFormat(refund.output)).toBe('hybrid');
  });

  it('compiles to strict JSON Schema with the version as a constant', () => {
    const schema = refund.toJSONSchema() as {
      properties: Record<string, unknown>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['schema_version', 'status', ...Object.keys(customerRefundContract.fields)]);
    expect(schema.properties.schema_version).toEqual({
      type: 'string',
      description: 'the contract version',
      const: '1.0.0',
    });
    expect(schema.properties.status).toEqual({
      enum: ['resolved', 'need_more_info', 'unable_to_confirm', 'tool_failure'],
      description: 'the outcome',
    });
    expect(schema.properties.refund_decision).toEqual({
      enum: ['full_refund', 'partial_refund', 'no_refund', null],
      description: 'the refund decided; null unless status is resolved',
    });
    expect(schema.properties.refund_amount).toEqual({
      type: ['number', 'null'],
      description: 'the amount to refund; null when nothing is refunded',
    });
  });

  it('renders prompt instructions with statuses, enum definitions and rules', () => {
    const text = refund.instructions();
    expect(text).toContain('Write "schema_version": "1.0.0".');
    expect(text).toContain(
      '- tool_failure: a lookup the decision needs failed; not a business outcome (a system fault, not a business outcome)',
    );
    expect(text).toContain('  - partial_refund: refund part of the paid amount (refund_amount says how much)');
    expect(text).toContain('- need_more_info lists what is missing (when status is need_more_info)');
  });

  it('every sample behaves as expected, with the exact violations of the invalid ones', () => {
    const report = refund.checkSamples(customerRefundSamples, { refundableBalance: 100 });
    expect(report.outcomes.map((o) => [o.name, o.ok])).toEqual(customerRefundSamples.map((s) => [s.name, true]));
    expect(report.ok).toBe(true);
    expect(report.outcomes[4]?.violations).toEqual([
      { path: '', rule: 'refund_within_balance', message: 'refund_amount 500 exceeds the refundable balance 100' },
      { path: '', rule: 'no_date_promise', message: 'customer_message promises a date' },
    ]);
    expect(report.outcomes[5]?.violations.map((v) => v.message)).toEqual([
      'schema_version must be "1.0.0", got "0.9.0"',
      'status must be one of resolved, need_more_info, unable_to_confirm, tool_failure, got "done"',
      'refund_decision is missing (use null or [] for absence)',
      'reason is missing (use null or [] for absence)',
      'refund_amount is missing (use null or [] for absence)',
      'evidence is missing (use null or [] for absence)',
      'actions is missing (use null or [] for absence)',
      'customer_message is missing (use null or [] for absence)',
      'missing_info is missing (use null or [] for absence)',
      'need_human_review is missing (use null or [] for absence)',
      'escalation_reason is missing (use null or [] for absence)',
    ]);
  });

  it('checks types, enums, nullability and unknown keys at nested paths', () => {
    const output = {
      ...valid('resolved'),
      actions: [{ type: 'teleport', detail: 3 }],
      need_human_review: null,
      extra: 1,
    };
    expect(refund.validate(output).map((v) => [v.path, v.rule])).toEqual([
      ['actions[0].type', 'enum'],
      ['actions[0].detail', 'type'],
      ['need_human_review', 'not_nullable'],
      ['extra', 'unknown_key'],
    ]);
  });

  it('its validators plug into a response: a violation fails with the reasons', async () => {
    const [validator] = refund.validators({ refundableBalance: 10 });
    if (!validator || typeof validator === 'function') throw new Error('expected a named validator');
    expect(validator.name).toBe('contract:customer_refund@1.0.0');
    const context = {} as never;
    expect(await validator.validate(valid('need_more_info') as never, context)).toBe(true);
    expect(await validator.validate(valid('resolved') as never, context)).toMatchObject({
      ok: false,
      reason: 'refund_amount 24.5 exceeds the refundable balance 10',
    });
  });

  it('routes each status to every consumer action', () => {
    expect(refund.route(valid('tool_failure'))).toEqual({
      status: 'tool_failure',
      kind: 'system',
      meaning: 'a lookup the decision needs failed; not a business outcome',
      actions: {
        ui: 'show a temporary-problem notice',
        ticket_system: 'schedule a retry',
        analytics: 'count as a system fault, not a refund outcome',
      },
    });
    expect(() => refund.route({ status: 'maybe' })).toThrow(ContractError);
    expect(() => refund.route({ status: 'maybe' })).toThrow('status "maybe" is not in contract customer_refund');
  });

  it('rejects malformed definitions with every problem named', () => {
    const broken = {
      ...customerRefundContract,
      version: 'v2',
      statuses: {
        ...customerRefundContract.statuses,
        lost: { kind: 'business', meaning: 'x', actions: { ui: 'a', pager: 'b' } },
      },
      fields: { ...customerRefundContract.fields, status: { type: 'string', description: 'dup' } },
    } as ContractDefinition<never>;
    expect(() => defineContract(broken)).toThrow(ContractError);
    expect(() => defineContract(broken)).toThrow(
      'Invalid contract customer_refund: version must be major.minor.patch, got "v2"; status lost has no action for consumer ticket_system; status lost has no action for consumer analytics; status lost names unknown consumer pager; field status is reserved (the contract adds it)',
    );
  });
});

describe('checkContractCompatibility', () => {
  const next = (change: (draft: ContractDefinition<never>) => void) => {
    const draft = structuredClone({ ...customerRefundContract, rules: [] }) as ContractDefinition<never>;
    change(draft);
    return draft;
  };

  it('the same contract: no change, any version ok', () => {
    expect(checkContractCompatibility(customerRefundContract, customerRefundContract)).toEqual({
      level: 'none',
      changes: [],
      breakingConsumers: [],
      versionBumpOk: true,
    });
  });

  it('adding an optional display field is minor and breaks nobody', () => {
    const report = checkContractCompatibility(
      customerRefundContract,
      next((d) => {
        (d as { version: string }).version = '1.1.0';
        (d.fields as Record<string, unknown>).display_badge = {
          type: 'string',
          optional: true,
          description: 'a badge',
        };
      }),
    );
    expect(report).toEqual({
      level: 'minor',
      changes: [
        { path: 'display_badge', level: 'minor', message: 'optional field display_badge was added', breaks: [] },
      ],
      breakingConsumers: [],
      versionBumpOk: true,
    });
  });

  it('removing an enum value is major and breaks its readers; a minor bump is not enough', () => {
    const report = checkContractCompatibility(
      customerRefundContract,
      next((d) => {
        (d as { version: string }).version = '1.1.0';
        const decision = d.fields.refund_decision as { values: Record<string, string> };
        delete decision.values.no_refund;
      }),
    );
    expect(report.level).toBe('major');
    expect(report.changes).toEqual([
      {
        path: 'refund_decision',
        level: 'major',
        message: 'enum value refund_decision=no_refund was removed',
        breaks: ['ticket_system', 'analytics'],
      },
    ]);
    expect(report.breakingConsumers).toEqual(['analytics', 'ticket_system']);
    expect(report.versionBumpOk).toBe(false);
  });

  it('changing a status meaning or a consumer action is major for those consumers', () => {
    const report = checkContractCompatibility(
      customerRefundContract,
      next((d) => {
        (d as { version: string }).version = '2.0.0';
        const statuses = d.statuses as Record<string, { meaning: string; actions: Record<string, string> }>;
        (statuses.tool_failure as { actions: Record<string, string> }).actions.ui = 'hide the widget';
      }),
    );
    expect(report.changes).toEqual([
      {
        path: 'status=tool_failure',
        level: 'major',
        message: "ui's action on status tool_failure changed",
        breaks: ['ui'],
      },
    ]);
    expect(report.versionBumpOk).toBe(true);
  });

  it('removing a field read by consumers names them', () => {
    const report = checkContractCompatibility(
      customerRefundContract,
      next((d) => {
        delete (d.fields as Record<string, unknown>).refund_amount;
      }),
    );
    expect(report.changes).toEqual([
      {
        path: 'refund_amount',
        level: 'major',
        message: 'field refund_amount was removed',
        breaks: ['ticket_system', 'analytics'],
      },
    ]);
    expect(report.versionBumpOk).toBe(false);
  });
});
