import {
  type CompatibilityReport,
  type ContractDefinition,
  type ContractField,
  type ContractStatus,
  checkContractCompatibility,
} from '@fieldstream/core/kits';
import { type CustomerRefund, customerRefundContract } from '../../../contracts/customer-refund';

type EnumField = Extract<ContractField, { type: 'enum' }>;

const v1 = customerRefundContract;
const decision = v1.fields.refund_decision as EnumField;
const needMoreInfo = v1.statuses.need_more_info as ContractStatus;
const { missing_info: _missingInfo, ...fieldsWithoutMissingInfo } = v1.fields;
const { tool_failure: _toolFailure, ...statusesWithoutToolFailure } = v1.statuses;

/** v1.3: an optional display field and a new refund decision — additions only (minor). */
const v1_3: ContractDefinition<CustomerRefund> = {
  ...v1,
  version: '1.3',
  fields: {
    ...v1.fields,
    refund_decision: { ...decision, values: { ...decision.values, 仅退运费: 'refund the shipping fee only' } },
    display_note: { type: 'string', optional: true, description: 'a short note the workbench may show' },
  },
};

/** v2.0: `部分符合` and `missing_info` removed, and the ticket system's action on need_more_info changed. */
const { 部分符合: _partial, ...decisionsWithoutPartial } = decision.values;
const v2: ContractDefinition<CustomerRefund> = {
  ...v1,
  version: '2.0',
  fields: { ...fieldsWithoutMissingInfo, refund_decision: { ...decision, values: decisionsWithoutPartial } },
  statuses: {
    ...v1.statuses,
    need_more_info: {
      ...needMoreInfo,
      actions: { ...needMoreInfo.actions, ticket_system: '关闭工单，客户补充后重新提交' },
    },
  },
};

/** v1.4 claims a minor bump but removes the `tool_failure` status (major): the bump check fails. */
const v1_4: ContractDefinition<CustomerRefund> = { ...v1, version: '1.4', statuses: statusesWithoutToolFailure };

/** The versions the compatibility table compares with v1.2, with what each report says. */
export const CONTRACT_VERSIONS: readonly {
  definition: ContractDefinition<CustomerRefund>;
  report: CompatibilityReport;
}[] = [v1_3, v2, v1_4].map((definition) => ({ definition, report: checkContractCompatibility(v1, definition) }));
