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
      order_no: 'not_null',
      refund_decision: 'not_null',
      reason: 'not_null',
      refund_amount: 'presence',
      evidence: 'presence',
      actions: 'presence',
      customer_message: 'presence',
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
      enum: ['1.2'],
    });
    expect(schema.properties.status).toEqual({
      type: 'string',
      enum: ['resolved', 'need_more_info', 'unable_to_confirm', 'tool_failure'],
      description: 'the outcome',
    });
    expect(schema.properties.refund_decision).toEqual({
      type: 'string',
      enum: ['符合退款政策', '部分符合', '不符合', '需要补充证据', '无法判断'],
      description: '符合退款政策、部分符合、不符合、需要补充证据、无法判断',
    });
    expect(schema.properties.refund_amount).toEqual({
      anyOf: [{ type: 'number' }, { type: 'null' }],
      description: '建议退款金额（元），不得超过可退余额；无法确定时为 null',
    });
  });

  it('renders prompt instructions with statuses, enum definitions and rules', () => {
    const text = refund.instructions();
    expect(text).toContain('Write "schema_version": "1.2".');
    expect(text).toContain('- tool_failure: 关键数据源不可用，调查无法进行 (a system fault, not a business outcome)');
    expect(text).toContain('  - 部分符合: the request meets the refund policy in part (refund_amount says how much)');
    expect(text).toContain('- refund_amount 不得超过可退余额');
  });

  it('every sample behaves as expected, with the exact violations of the invalid ones', () => {
    const report = refund.checkSamples(customerRefundSamples, { refundableBalance: 100 });
    expect(report.outcomes.map((o) => [o.name, o.ok])).toEqual(customerRefundSamples.map((s) => [s.name, true]));
    expect(report.ok).toBe(true);
    expect(report.outcomes[4]?.violations).toEqual([
      { path: '', rule: 'refund_within_balance', message: 'refund_amount 500 exceeds the refundable balance 100' },
      { path: '', rule: 'no_promise', message: 'customer_message promises an arrival time or an approval result' },
    ]);
    expect(report.outcomes[5]?.violations.map((v) => v.message)).toEqual([
      'schema_version must be "1.2", got "1.1"',
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
      actions: [{ owner: 'robot', action: 3, system: 'x' }],
      need_human_review: null,
      extra: 1,
    };
    expect(refund.validate(output).map((v) => [v.path, v.rule])).toEqual([
      ['actions[0].owner', 'enum'],
      ['actions[0].action', 'type'],
      ['need_human_review', 'not_nullable'],
      ['extra', 'unknown_key'],
    ]);
  });

  it('its validators plug into a response: a violation fails with the reasons', async () => {
    const [validator] = refund.validators({ refundableBalance: 10 });
    if (!validator || typeof validator === 'function') throw new Error('expected a named validator');
    expect(validator.name).toBe('contract:customer_refund@1.2');
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
      meaning: '关键数据源不可用，调查无法进行',
      actions: customerRefundContract.statuses.tool_failure?.actions,
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
        lost: { kind: 'business', meaning: 'x', actions: { agent_workbench: 'a', pager: 'b' } },
      },
      fields: { ...customerRefundContract.fields, status: { type: 'string', description: 'dup' } },
    } as ContractDefinition<never>;
    expect(() => defineContract(broken)).toThrow(ContractError);
    expect(() => defineContract(broken)).toThrow(
      'Invalid contract customer_refund: version must be major.minor or major.minor.patch, got "v2"; status lost has no action for consumer ticket_system; status lost has no action for consumer dashboard; status lost has no action for consumer audit; status lost has no action for consumer finance; status lost has no action for consumer monitoring; status lost has no action for consumer supervisor_workbench; status lost names unknown consumer pager; field status is reserved (the contract adds it)',
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
        (d as { version: string }).version = '1.3';
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
        (d as { version: string }).version = '1.3';
        const decision = d.fields.refund_decision as { values: Record<string, string> };
        delete decision.values.不符合;
      }),
    );
    expect(report.level).toBe('major');
    expect(report.changes).toEqual([
      {
        path: 'refund_decision',
        level: 'major',
        message: 'enum value refund_decision=不符合 was removed',
        breaks: ['ticket_system', 'dashboard'],
      },
    ]);
    expect(report.breakingConsumers).toEqual(['dashboard', 'ticket_system']);
    expect(report.versionBumpOk).toBe(false);
  });

  it('changing a status meaning or a consumer action is major for those consumers', () => {
    const report = checkContractCompatibility(
      customerRefundContract,
      next((d) => {
        (d as { version: string }).version = '2.0';
        const statuses = d.statuses as Record<string, { meaning: string; actions: Record<string, string> }>;
        (statuses.tool_failure as { actions: Record<string, string> }).actions.agent_workbench = '隐藏退款卡片';
      }),
    );
    expect(report.changes).toEqual([
      {
        path: 'status=tool_failure',
        level: 'major',
        message: "agent_workbench's action on status tool_failure changed",
        breaks: ['agent_workbench'],
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
        breaks: ['ticket_system', 'finance'],
      },
    ]);
    expect(report.versionBumpOk).toBe(false);
  });
});
