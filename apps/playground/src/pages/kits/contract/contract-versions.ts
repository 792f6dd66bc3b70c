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

/** v1.1.0: an optional display field and a new refund decision — additions only (minor). */
const v1_1: ContractDefinition<CustomerRefund> = {
  ...v1,
  version: '1.1.0',
  fields: {
    ...v1.fields,
    refund_decision: { ...decision, values: { ...decision.values, store_credit: 'refund as store credit' } },
    display_note: { type: 'string', optional: true, description: 'a short note the chat widget may show' },
  },
};

/** v2.0.0: `partial_refund` and `missing_info` removed, and the ticket system's action on need_more_info changed. */
const { partial_refund: _partial, ...decisionsWithoutPartial } = decision.values;
const v2: ContractDefinition<CustomerRefund> = {
  ...v1,
  version: '2.0.0',
  fields: { ...fieldsWithoutMissingInfo, refund_decision: { ...decision, values: decisionsWithoutPartial } },
  statuses: {
    ...v1.statuses,
    need_more_info: {
      ...needMoreInfo,
      actions: { ...needMoreInfo.actions, ticket_system: 'close the ticket; the customer opens a new one' },
    },
  },
};

/** v1.2.0 claims a minor bump but removes the `tool_failure` status (major): the bump check fails. */
const v1_2: ContractDefinition<CustomerRefund> = { ...v1, version: '1.2.0', statuses: statusesWithoutToolFailure };

/** The versions the compatibility table compares with v1.0.0, with what each report says. */
export const CONTRACT_VERSIONS: readonly {
  definition: ContractDefinition<CustomerRefund>;
  report: CompatibilityReport;
}[] = [v1_1, v2, v1_2].map((definition) => ({ definition, report: checkContractCompatibility(v1, definition) }));
