import { defineContract } from '@fieldstream/core/kits';
import { describe, expect, it } from 'vitest';
import {
  customerRefundContract,
  customerRefundSamples,
  SEED_EXAMPLE_OUTPUT,
} from '../../../../apps/playground/src/contracts/customer-refund';

// Seed output-contract-lesson.txt, 客服退款 Agent 的输出契约, checked field for field.
const refund = defineContract(customerRefundContract);

/** The seed's field table: type, nullable, consumers (所有 = every consumer). */
const SEED_FIELDS: Record<string, { type: string; nullable: boolean; consumers: string[] | 'all' }> = {
  schema_version: { type: 'string', nullable: false, consumers: 'all' },
  status: { type: 'enum', nullable: false, consumers: 'all' },
  order_no: { type: 'string', nullable: false, consumers: ['工单系统', '审计'] },
  refund_decision: { type: 'enum', nullable: false, consumers: ['看板', '工单系统'] },
  reason: { type: 'string', nullable: false, consumers: ['客服工作台'] },
  refund_amount: { type: 'number', nullable: true, consumers: ['工单系统', '财务'] },
  evidence: { type: 'array', nullable: false, consumers: ['客服工作台', '审计'] },
  actions: { type: 'array', nullable: false, consumers: ['工单系统'] },
  customer_message: { type: 'string', nullable: true, consumers: ['客服工作台'] },
  missing_info: { type: 'array', nullable: false, consumers: ['客服工作台', '监控'] },
  need_human_review: { type: 'boolean', nullable: false, consumers: ['工单系统'] },
  escalation_reason: { type: 'string', nullable: true, consumers: ['主管工作台'] },
};

/** The seed's status table: meaning, 客服工作台's action, 工单系统's action. */
const SEED_STATUSES = {
  resolved: ['已作出退款判定，给出可执行方案', '展示结论、证据与话术', '按 actions 生成待确认任务'],
  need_more_info: ['需要用户补充信息才能继续（如缺订单号、质量问题照片）', '展示需要补充的内容', '不创建任务'],
  unable_to_confirm: [
    '已尽力调查，但数据不足或矛盾，无法得出结论',
    '展示已知部分与 missing_info',
    '创建“人工排查”任务',
  ],
  tool_failure: ['关键数据源不可用，调查无法进行', '提示稍后重试', '记录故障，触发监控告警'],
};

/** The seed's JSON Schema excerpt (节选), verbatim. */
const SEED_SCHEMA_EXCERPT = {
  type: 'object',
  properties: {
    schema_version: { type: 'string', enum: ['1.2'] },
    status: { type: 'string', enum: ['resolved', 'need_more_info', 'unable_to_confirm', 'tool_failure'] },
    customer_message: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    missing_info: { type: 'array', items: { type: 'string' } },
    need_human_review: { type: 'boolean' },
  },
  required: ['schema_version', 'status', 'customer_message', 'missing_info', 'need_human_review'],
  additionalProperties: false,
};

/** A schema without its `description`s, at every level. */
function withoutDescriptions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDescriptions);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key]) => key !== 'description')
      .map(([key, value]) => [key, withoutDescriptions(value)]),
  );
}

describe('the refund contract is the seed’s', () => {
  it('version "1.2" and the twelve fields, in the seed’s order, all required', () => {
    expect(refund.version).toBe('1.2');
    const schema = refund.toJSONSchema() as { properties: object; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(Object.keys(SEED_FIELDS));
    expect(schema.required).toEqual(Object.keys(SEED_FIELDS));
  });

  it('types and nullability as the field table says', () => {
    const fields = customerRefundContract.fields;
    for (const [name, seed] of Object.entries(SEED_FIELDS)) {
      if (name === 'schema_version' || name === 'status') continue;
      expect([name, fields[name]?.type, fields[name]?.nullable ?? false]).toEqual([name, seed.type, seed.nullable]);
    }
    const item = (name: string) => {
      const field = fields[name];
      return field?.type === 'array' ? field.items : undefined;
    };
    expect(item('evidence')).toMatchObject({ type: 'object' });
    expect(Object.keys((item('evidence') as { fields: object }).fields)).toEqual(['source', 'time', 'detail']);
    expect(Object.keys((item('actions') as { fields: object }).fields)).toEqual(['owner', 'action', 'system']);
    const actionFields = item('actions');
    expect(actionFields?.type === 'object' && actionFields.fields.owner?.type).toBe('enum');
    expect(item('missing_info')).toMatchObject({ type: 'string' });
  });

  it('refund_decision has the five values as the seed writes them', () => {
    const decision = customerRefundContract.fields.refund_decision;
    expect(decision?.type === 'enum' && Object.keys(decision.values)).toEqual([
      '符合退款政策',
      '部分符合',
      '不符合',
      '需要补充证据',
      '无法判断',
    ]);
  });

  it('every field’s consumers are the seed’s (所有 = every consumer)', () => {
    const consumers = customerRefundContract.consumers;
    const everyone = Object.values(consumers)
      .map((consumer) => consumer.description)
      .sort();
    for (const [field, seed] of Object.entries(SEED_FIELDS)) {
      const readers = Object.values(consumers)
        .filter((consumer) => consumer.reads.includes(field))
        .map((consumer) => consumer.description)
        .sort();
      expect([field, readers]).toEqual([field, seed.consumers === 'all' ? everyone : [...seed.consumers].sort()]);
    }
  });

  it('four statuses with the seed’s meanings and the workbench and ticket-system actions; tool_failure alone is a system fault', () => {
    const statuses = customerRefundContract.statuses;
    expect(Object.keys(statuses)).toEqual(Object.keys(SEED_STATUSES));
    for (const [name, [meaning, workbench, tickets]] of Object.entries(SEED_STATUSES)) {
      const status = statuses[name];
      expect([name, status?.meaning, status?.actions.agent_workbench, status?.actions.ticket_system]).toEqual([
        name,
        meaning,
        workbench,
        tickets,
      ]);
      // Business outcome vs execution failure: unable_to_confirm is a finding, tool_failure a fault.
      expect([name, status?.kind]).toEqual([name, name === 'tool_failure' ? 'system' : 'business']);
    }
  });

  it('the seed’s example output passes the contract test', () => {
    expect(refund.validate(SEED_EXAMPLE_OUTPUT, { orderNo: 'A-10231', refundableBalance: 268 })).toEqual([]);
    expect(refund.route(SEED_EXAMPLE_OUTPUT)).toMatchObject({ status: 'unable_to_confirm', kind: 'business' });
    expect(refund.checkSamples(customerRefundSamples, { refundableBalance: 100 }).ok).toBe(true);
  });

  it('its JSON Schema agrees with the seed’s excerpt', () => {
    const schema = withoutDescriptions(refund.toJSONSchema()) as {
      type: string;
      properties: Record<string, unknown>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(schema.type).toBe(SEED_SCHEMA_EXCERPT.type);
    expect(schema.additionalProperties).toBe(false);
    for (const [key, excerpt] of Object.entries(SEED_SCHEMA_EXCERPT.properties)) {
      expect([key, schema.properties[key]]).toEqual([key, excerpt]);
    }
    expect(schema.required).toEqual(expect.arrayContaining(SEED_SCHEMA_EXCERPT.required));
  });

  it('the program rules catch what the schema cannot: a wrong order, a promise, an amount on a non-resolved status', () => {
    const violations = refund.validate(
      { ...SEED_EXAMPLE_OUTPUT, refund_amount: 268, customer_message: '退款将在 3 个工作日内到账。' },
      { orderNo: 'A-99999' },
    );
    expect(violations.map((violation) => violation.rule)).toEqual([
      'order_no_matches_input',
      'no_promise',
      'amount_only_when_resolved',
    ]);
  });
});
