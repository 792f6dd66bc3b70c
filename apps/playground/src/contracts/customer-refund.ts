import { type ContractRule, type ContractSample, defineContract, type InferContractData } from '@fieldstream/core/kits';

// The customer-service refund agent's output contract of seed `output-contract-lesson.txt`
// (客服退款 Agent 的输出契约), field for field: schema_version "1.2", the twelve fields with their
// types, enums, nullability and consumers, and the four statuses. Texts in Chinese are the
// seed's own; where the seed gives no text (definitions of enum values, the actions of consumers
// its status table has no column for, the owner enum) the English is ours.

/** Promises of an arrival time or an approval result (the seed: 不含到账时间与审批结果承诺). */
const PROMISE =
  /(\d+\s*(个)?(工作日|天|小时|分钟)内?(到账|退回|退款|处理完)|到账时间|(保证|一定|肯定)(会)?(到账|通过|批准|退款)|审批(已|会)?通过|\b(within|by|before)\s+(\d+\s+(business\s+)?(days?|hours?)|monday|tuesday|wednesday|thursday|friday|tomorrow)\b)/i;

/** A decision made (resolved): the three outcomes of the refund policy. */
export const DECISIONS_MADE: ReadonlySet<string> = new Set(['符合退款政策', '部分符合', '不符合']);

/** The compiled contract; its data type is inferred from the fields and statuses below. */
export const customerRefund = defineContract({
  name: 'customer_refund',
  version: '1.2',
  description:
    '客服退款 Agent 的输出契约：退款判定、依据、动作与客户话术，同时供客服工作台、工单系统、看板、审计、财务、监控与主管工作台使用。',
  fields: {
    order_no: { type: 'string', description: '必须与输入订单号一致' },
    refund_decision: {
      type: 'enum',
      description: '符合退款政策、部分符合、不符合、需要补充证据、无法判断',
      values: {
        符合退款政策: 'the request meets the refund policy in full',
        部分符合: 'the request meets the refund policy in part (refund_amount says how much)',
        不符合: 'the request does not meet the refund policy',
        需要补充证据: 'the customer must provide evidence (photos, the order number) before a decision',
        无法判断: 'the data is missing or contradictory: no decision can be made',
      },
    },
    reason: { type: 'string', description: '一句话判断依据；状态非 resolved 时说明缺少什么' },
    refund_amount: {
      type: 'number',
      nullable: true,
      description: '建议退款金额（元），不得超过可退余额；无法确定时为 null',
    },
    evidence: {
      type: 'array',
      description: '每项含 source（工具名）、time、detail；无证据时为空数组',
      items: {
        type: 'object',
        description: 'one piece of evidence',
        fields: {
          source: { type: 'string', description: '工具名' },
          time: { type: 'string', description: 'when the tool read it' },
          detail: { type: 'string', description: 'what it showed' },
        },
      },
    },
    actions: {
      type: 'array',
      description: '每项含 owner 枚举、action、system；无动作时为空数组',
      items: {
        type: 'object',
        description: 'one action for the ticket system',
        fields: {
          owner: {
            type: 'enum',
            description: 'who carries the action out',
            values: {
              客服: 'a customer-service agent',
              主管: 'a supervisor',
              财务: 'the finance team',
              系统: 'an automated system',
            },
          },
          action: { type: 'string', description: 'what to do' },
          system: { type: 'string', description: 'the system it is done in' },
        },
      },
    },
    customer_message: {
      type: 'string',
      nullable: true,
      description: '客户话术，不含到账时间与审批结果承诺；不适合联系客户时为 null',
    },
    missing_info: {
      type: 'array',
      description: '缺失或获取失败的数据项，例如 payment_status',
      items: { type: 'string', description: 'a data item, e.g. payment_status' },
    },
    need_human_review: { type: 'boolean', description: '是否需要人工复核' },
    escalation_reason: { type: 'string', nullable: true, description: '需要复核的原因' },
  },
  statuses: {
    resolved: {
      kind: 'business',
      meaning: '已作出退款判定，给出可执行方案',
      actions: {
        agent_workbench: '展示结论、证据与话术',
        ticket_system: '按 actions 生成待确认任务',
        dashboard: 'count the refund_decision',
        audit: 'file order_no with the evidence',
        finance: 'reserve refund_amount for approval',
        monitoring: 'count a completed run',
        supervisor_workbench: 'show escalation_reason when need_human_review',
      },
    },
    need_more_info: {
      kind: 'business',
      meaning: '需要用户补充信息才能继续（如缺订单号、质量问题照片）',
      actions: {
        agent_workbench: '展示需要补充的内容',
        ticket_system: '不创建任务',
        dashboard: 'count as waiting for the customer',
        audit: 'file order_no with what is missing',
        finance: 'nothing to reserve',
        monitoring: 'count missing_info items',
        supervisor_workbench: 'nothing to review',
      },
    },
    unable_to_confirm: {
      kind: 'business',
      meaning: '已尽力调查，但数据不足或矛盾，无法得出结论',
      actions: {
        agent_workbench: '展示已知部分与 missing_info',
        ticket_system: '创建“人工排查”任务',
        dashboard: 'count as 无法判断 (a business outcome)',
        audit: 'file order_no with the evidence and missing_info',
        finance: 'nothing to reserve until a human decides',
        monitoring: 'count missing_info items',
        supervisor_workbench: 'queue the case with escalation_reason',
      },
    },
    tool_failure: {
      kind: 'system',
      meaning: '关键数据源不可用，调查无法进行',
      actions: {
        agent_workbench: '提示稍后重试',
        ticket_system: '记录故障，触发监控告警',
        dashboard: 'count as a system fault, never as a refund outcome',
        audit: 'file the failure, no decision',
        finance: 'nothing to reserve',
        monitoring: 'raise an alert for the failing data source',
        supervisor_workbench: 'nothing to review',
      },
    },
  },
  // Each consumer reads the fields whose consumer column (消费者) names it; 所有 = every consumer.
  consumers: {
    agent_workbench: {
      description: '客服工作台',
      reads: ['schema_version', 'status', 'reason', 'evidence', 'customer_message', 'missing_info'],
    },
    ticket_system: {
      description: '工单系统',
      reads: [
        'schema_version',
        'status',
        'order_no',
        'refund_decision',
        'refund_amount',
        'actions',
        'need_human_review',
      ],
    },
    dashboard: { description: '看板', reads: ['schema_version', 'status', 'refund_decision'] },
    audit: { description: '审计', reads: ['schema_version', 'status', 'order_no', 'evidence'] },
    finance: { description: '财务', reads: ['schema_version', 'status', 'refund_amount'] },
    monitoring: { description: '监控', reads: ['schema_version', 'status', 'missing_info'] },
    supervisor_workbench: { description: '主管工作台', reads: ['schema_version', 'status', 'escalation_reason'] },
  },
  rules: refundRules(DECISIONS_MADE),
});

/** What the rules read of an answer (either edition: its enum values are the edition's words). */
type RuleData = {
  order_no: string;
  refund_decision: string;
  refund_amount: number | null;
  customer_message: string | null;
  missing_info: readonly string[];
  need_human_review: boolean;
  escalation_reason: string | null;
};

/** The seed's program rules; `decided` holds the refund decisions a resolved answer may carry. */
export function refundRules(decided: ReadonlySet<string>): ContractRule<RuleData>[] {
  return [
    {
      name: 'order_no_matches_input',
      description: 'order_no 必须与输入订单号一致',
      check: (data, context) =>
        typeof context.orderNo !== 'string' ||
        data.order_no === context.orderNo ||
        `order_no ${JSON.stringify(data.order_no)} is not the input order ${JSON.stringify(context.orderNo)}`,
    },
    {
      name: 'refund_within_balance',
      description: 'refund_amount 不得超过可退余额',
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
      name: 'no_promise',
      description: 'customer_message 不含到账时间与审批结果承诺',
      check: (data) =>
        data.customer_message === null ||
        !PROMISE.test(data.customer_message) ||
        'customer_message promises an arrival time or an approval result',
    },
    {
      name: 'resolved_has_decision',
      description: 'resolved 时 refund_decision 是符合退款政策、部分符合或不符合',
      statuses: ['resolved'],
      check: (data) =>
        decided.has(data.refund_decision) || `status resolved cannot carry refund_decision ${data.refund_decision}`,
    },
    {
      name: 'amount_only_when_resolved',
      description: 'refund_amount is null unless status is resolved',
      statuses: ['need_more_info', 'unable_to_confirm', 'tool_failure'],
      check: (data) => data.refund_amount === null || 'only a resolved answer may carry a refund_amount',
    },
    {
      name: 'missing_info_listed',
      description: '状态非 resolved 时 missing_info 列出缺失或获取失败的数据项',
      statuses: ['need_more_info', 'unable_to_confirm', 'tool_failure'],
      check: (data) => data.missing_info.length > 0 || 'a status other than resolved needs missing_info',
    },
    {
      name: 'escalation_explained',
      description: 'need_human_review 与 escalation_reason 一致',
      check: (data) =>
        data.need_human_review === (data.escalation_reason !== null) ||
        'need_human_review and escalation_reason disagree',
    },
  ];
}

/** The data of the customer-refund contract. */
export type CustomerRefund = InferContractData<typeof customerRefund>;

/**
 * An answer of either edition of the contract (the seed's, and the English one of
 * customer-refund-en.ts): the same fields, but the enums hold each edition's own words.
 */
export type RefundAnswer = Omit<CustomerRefund, 'refund_decision' | 'actions'> & {
  refund_decision: string;
  actions: { owner: string; action: string; system: string }[];
};

/** The contract's definition (for compatibility checks against other versions). */
export const customerRefundContract = customerRefund.definition;

/** The seed's own example output (示例：数据不足时的输出), verbatim. */
export const SEED_EXAMPLE_OUTPUT: CustomerRefund = {
  schema_version: '1.2',
  status: 'unable_to_confirm',
  order_no: 'A-10231',
  refund_decision: '无法判断',
  reason: '订单签收 3 天，仍在无理由退款时效内，但支付记录与已退金额暂时无法获取，无法计算可退金额',
  refund_amount: null,
  evidence: [{ source: 'get_order', time: '2026-09-14 08:14', detail: '订单状态为已签收，实付 268 元（示例数字）' }],
  actions: [{ owner: '客服', action: '人工核实该订单的历史退款记录', system: '支付管理后台' }],
  customer_message: '您好，我们正在核实这笔订单的支付与退款记录，已提交相关团队加急排查，有结果后会尽快联系您。',
  missing_info: ['payment_status', 'refunded_amount'],
  need_human_review: true,
  escalation_reason: '关键数据获取失败，无法完成判定',
};

/** A mug order: two mugs at 24.50 each, one arrived cracked. */
const resolved: CustomerRefund = {
  schema_version: '1.2',
  status: 'resolved',
  order_no: 'A-1042',
  refund_decision: '部分符合',
  reason: '两只马克杯中一只到货破损，照片已确认，退还该杯货款。',
  refund_amount: 24.5,
  evidence: [
    { source: 'get_order', time: '2026-09-14 08:14', detail: '订单含 2 只马克杯，单价 24.5 元，已签收' },
    { source: 'get_attachments', time: '2026-09-14 08:15', detail: '照片显示一只马克杯杯身开裂' },
  ],
  actions: [{ owner: '财务', action: '原路退还 24.5 元', system: '支付管理后台' }],
  customer_message: '您好，已确认一只马克杯破损，我们将为这只杯子原路退款 24.5 元，审核后会通知您。',
  missing_info: [],
  need_human_review: false,
  escalation_reason: null,
};

/** One valid sample per status, the seed's example, and invalid ones, for `contract.checkSamples`. */
export const customerRefundSamples: ContractSample[] = [
  { name: 'resolved: one of two mugs cracked', expect: 'valid', output: resolved },
  {
    name: 'need_more_info: no photo of the fault',
    expect: 'valid',
    output: {
      ...resolved,
      status: 'need_more_info',
      order_no: 'A-2077',
      refund_decision: '需要补充证据',
      reason: '客户称搅拌机一周后故障，但缺少质量问题照片。',
      refund_amount: null,
      evidence: [{ source: 'get_order', time: '2026-09-14 09:02', detail: '订单含 1 台搅拌机，签收 7 天' }],
      actions: [],
      customer_message: '您好，麻烦您上传一张故障部位的照片，我们收到后马上为您处理。',
      missing_info: ['quality_photo'],
    },
  },
  {
    name: 'unable_to_confirm: the seed example (payment records unavailable)',
    expect: 'valid',
    output: SEED_EXAMPLE_OUTPUT,
  },
  {
    name: 'tool_failure: the order service timed out',
    expect: 'valid',
    output: {
      ...resolved,
      status: 'tool_failure',
      refund_decision: '无法判断',
      reason: '订单服务超时，无法读取订单。',
      refund_amount: null,
      evidence: [],
      actions: [],
      customer_message: null,
      missing_info: ['order_record'],
    },
  },
  {
    name: 'invalid: promises an arrival time and exceeds the balance',
    expect: 'invalid',
    output: {
      ...resolved,
      refund_amount: 500,
      customer_message: '您好，已确认一只马克杯破损，退款 500 元将在 3 个工作日内到账。',
    },
  },
  {
    name: 'invalid: missing keys and an unknown status',
    expect: 'invalid',
    output: { schema_version: '1.1', status: 'done', order_no: 'A-1' },
  },
];
