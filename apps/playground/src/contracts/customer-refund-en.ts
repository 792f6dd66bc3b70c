import { type ContractSample, defineContract } from '@fieldstream/core/kits';
import {
  customerRefundContract,
  customerRefundSamples,
  DECISIONS_MADE,
  type RefundAnswer,
  refundRules,
} from './customer-refund';

// The customer-refund contract in English: the seed's contract (customer-refund.ts) with every
// Chinese text, enum values included, replaced by its English below. The structure, the rules and
// the samples are the seed's; only the words differ, so both editions behave alike.

/** Each Chinese text of the seed (a whole string) and its English. */
const ENGLISH: ReadonlyMap<string, string> = new Map([
  ['符合退款政策', 'meets the refund policy'],
  ['部分符合', 'partly meets the policy'],
  ['不符合', 'does not meet the policy'],
  ['需要补充证据', 'needs more evidence'],
  ['无法判断', 'cannot decide'],
  ['仅退运费', 'refund the shipping fee only'],
  ['客服', 'agent'],
  ['主管', 'supervisor'],
  ['财务', 'finance'],
  ['系统', 'system'],
  ['客服工作台', 'agent workbench'],
  ['工单系统', 'ticket system'],
  ['看板', 'dashboard'],
  ['审计', 'audit'],
  ['监控', 'monitoring'],
  ['主管工作台', 'supervisor workbench'],
  ['工具名', "the tool's name"],
  [
    '客服退款 Agent 的输出契约：退款判定、依据、动作与客户话术，同时供客服工作台、工单系统、看板、审计、财务、监控与主管工作台使用。',
    'The output contract of the customer-service refund agent: the refund decision, its grounds, the actions and the message to the customer, read by the agent workbench, the ticket system, the dashboard, audit, finance, monitoring and the supervisor workbench.',
  ],
  ['必须与输入订单号一致', 'must match the order number of the input'],
  [
    '符合退款政策、部分符合、不符合、需要补充证据、无法判断',
    'meets the refund policy, partly meets the policy, does not meet the policy, needs more evidence, cannot decide',
  ],
  ['一句话判断依据；状态非 resolved 时说明缺少什么', 'the grounds in one sentence; unless resolved, what is missing'],
  [
    '建议退款金额（元），不得超过可退余额；无法确定时为 null',
    'the refund suggested (CNY), never above the refundable balance; null when it cannot be determined',
  ],
  [
    '每项含 source（工具名）、time、detail；无证据时为空数组',
    "each with source (the tool's name), time and detail; an empty array when there is no evidence",
  ],
  [
    '每项含 owner 枚举、action、system；无动作时为空数组',
    'each with owner (an enum), action and system; an empty array when there is nothing to do',
  ],
  [
    '客户话术，不含到账时间与审批结果承诺；不适合联系客户时为 null',
    'the message to the customer, promising no arrival time and no approval; null when the customer must not be contacted',
  ],
  ['缺失或获取失败的数据项，例如 payment_status', 'the data items missing or not fetched, e.g. payment_status'],
  ['是否需要人工复核', 'whether a human must review the answer'],
  ['需要复核的原因', 'why a human must review it'],
  ['已作出退款判定，给出可执行方案', 'a refund decision is made, with a plan to carry out'],
  ['展示结论、证据与话术', 'show the decision, the evidence and the message'],
  ['按 actions 生成待确认任务', 'create tasks to confirm from actions'],
  [
    '需要用户补充信息才能继续（如缺订单号、质量问题照片）',
    'the customer must provide more first (a missing order number, a photo of the fault)',
  ],
  ['展示需要补充的内容', 'show what the customer must provide'],
  ['不创建任务', 'create no task'],
  [
    '已尽力调查，但数据不足或矛盾，无法得出结论',
    'investigated, but the data is missing or contradictory: no conclusion',
  ],
  ['展示已知部分与 missing_info', 'show what is known, and missing_info'],
  ['创建“人工排查”任务', 'create a "manual investigation" task'],
  ['count as 无法判断 (a business outcome)', 'count as cannot decide (a business outcome)'],
  ['关键数据源不可用，调查无法进行', 'a data source the decision needs is down: nothing can be investigated'],
  ['提示稍后重试', 'ask the customer to try again later'],
  ['记录故障，触发监控告警', 'log the fault and raise a monitoring alert'],
  ['关闭工单，客户补充后重新提交', 'close the ticket; the customer submits again with what was missing'],
  ['order_no 必须与输入订单号一致', 'order_no must match the order number of the input'],
  ['refund_amount 不得超过可退余额', 'refund_amount never exceeds the refundable balance'],
  ['customer_message 不含到账时间与审批结果承诺', 'customer_message promises no arrival time and no approval'],
  [
    'resolved 时 refund_decision 是符合退款政策、部分符合或不符合',
    'when resolved, refund_decision is meets the refund policy, partly meets the policy or does not meet the policy',
  ],
  [
    '状态非 resolved 时 missing_info 列出缺失或获取失败的数据项',
    'unless resolved, missing_info lists the data items missing or not fetched',
  ],
  ['need_human_review 与 escalation_reason 一致', 'need_human_review agrees with escalation_reason'],
  [
    '订单签收 3 天，仍在无理由退款时效内，但支付记录与已退金额暂时无法获取，无法计算可退金额',
    'Signed for 3 days ago, within the no-reason return period, but the payment record and the amount refunded so far cannot be fetched, so the refundable amount cannot be computed.',
  ],
  ['订单状态为已签收，实付 268 元（示例数字）', 'Order signed for, CNY 268 paid (an example figure)'],
  ['人工核实该订单的历史退款记录', "check the order's refund history by hand"],
  ['支付管理后台', 'payment admin console'],
  [
    '您好，我们正在核实这笔订单的支付与退款记录，已提交相关团队加急排查，有结果后会尽快联系您。',
    'Hello, we are checking the payment and refund records of this order and have asked the team concerned to look into it urgently. We will contact you as soon as we know more.',
  ],
  ['关键数据获取失败，无法完成判定', 'Key data could not be fetched: no decision is possible'],
  [
    '两只马克杯中一只到货破损，照片已确认，退还该杯货款。',
    'One of the two mugs arrived broken, as the photo shows: refund that mug.',
  ],
  ['订单含 2 只马克杯，单价 24.5 元，已签收', 'Order of 2 mugs at CNY 24.5 each, signed for'],
  ['照片显示一只马克杯杯身开裂', 'The photo shows one mug with a cracked body'],
  ['原路退还 24.5 元', 'refund CNY 24.5 to the original payment method'],
  [
    '您好，已确认一只马克杯破损，我们将为这只杯子原路退款 24.5 元，审核后会通知您。',
    'Hello, we have confirmed that one mug arrived broken. We will refund CNY 24.5 for it to your original payment method and write to you once it has been reviewed.',
  ],
  [
    '客户称搅拌机一周后故障，但缺少质量问题照片。',
    'The customer says the blender failed after a week, but sent no photo of the fault.',
  ],
  ['订单含 1 台搅拌机，签收 7 天', 'Order of 1 blender, signed for 7 days ago'],
  [
    '您好，麻烦您上传一张故障部位的照片，我们收到后马上为您处理。',
    'Hello, could you upload a photo of the faulty part? We will take care of your request as soon as it arrives.',
  ],
  ['订单服务超时，无法读取订单。', 'The order service timed out: the order could not be read.'],
  [
    '您好，已确认一只马克杯破损，退款 500 元将在 3 个工作日内到账。',
    'Hello, we have confirmed that one mug arrived broken; your refund of CNY 500 will arrive within 3 business days.',
  ],
]);

/** Han characters, CJK punctuation and full-width forms: what needs a CJK font. */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

/** A seed text in English; a Chinese text with no entry above throws (nothing slips through untranslated). */
export function inEnglish(text: string): string {
  if (!CJK.test(text)) return text;
  const english = ENGLISH.get(text);
  if (english === undefined) throw new Error(`customer-refund-en: no English for ${JSON.stringify(text)}`);
  return english;
}

/** A value with every string in it, object keys included, in English (functions are kept as they are). */
function translated<T>(value: T): T {
  if (typeof value === 'string') return inEnglish(value) as T;
  if (Array.isArray(value)) return value.map(translated) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [inEnglish(key), translated(entry)])) as T;
}

/** The customer-refund contract v1.2 in English. */
export const customerRefundEn = defineContract<RefundAnswer>({
  ...translated(customerRefundContract),
  rules: translated(refundRules(new Set([...DECISIONS_MADE].map(inEnglish)))),
});

/** The seed's samples, in English. */
export const customerRefundSamplesEn: ContractSample[] = translated(customerRefundSamples);
