import {
  type CompatibilityReport,
  type ContractDefinition,
  type ContractField,
  type ContractStatus,
  checkContractCompatibility,
} from '@fieldstream/core/kits';
import type { RefundAnswer } from '../../../contracts/customer-refund';
import type { RefundEdition } from '../../../contracts/refund-editions';

type EnumField = Extract<ContractField, { type: 'enum' }>;
type Version = { definition: ContractDefinition<RefundAnswer>; report: CompatibilityReport };

/**
 * The versions the compatibility table compares with an edition's v1.2, with what each report says:
 * v1.3 adds an optional display field and a refund decision (minor); v2.0 removes the partial
 * decision and `missing_info`, and changes the ticket system's action on need_more_info (major);
 * v1.4 claims a minor bump but removes the `tool_failure` status (major, so the bump check fails).
 */
export function contractVersions({ contract, words }: RefundEdition): readonly Version[] {
  const v1 = contract.definition;
  const decision = v1.fields.refund_decision as EnumField;
  const needMoreInfo = v1.statuses.need_more_info as ContractStatus;
  const { missing_info: _missingInfo, ...fieldsWithoutMissingInfo } = v1.fields;
  const { tool_failure: _toolFailure, ...statusesWithoutToolFailure } = v1.statuses;
  const partial = words('部分符合');
  const decisionsWithoutPartial = Object.fromEntries(
    Object.entries(decision.values).filter(([key]) => key !== partial),
  );
  const v1_3: ContractDefinition<RefundAnswer> = {
    ...v1,
    version: '1.3',
    fields: {
      ...v1.fields,
      refund_decision: {
        ...decision,
        values: { ...decision.values, [words('仅退运费')]: 'refund the shipping fee only' },
      },
      display_note: { type: 'string', optional: true, description: 'a short note the workbench may show' },
    },
  };
  const v2: ContractDefinition<RefundAnswer> = {
    ...v1,
    version: '2.0',
    fields: { ...fieldsWithoutMissingInfo, refund_decision: { ...decision, values: decisionsWithoutPartial } },
    statuses: {
      ...v1.statuses,
      need_more_info: {
        ...needMoreInfo,
        actions: { ...needMoreInfo.actions, ticket_system: words('关闭工单，客户补充后重新提交') },
      },
    },
  };
  const v1_4: ContractDefinition<RefundAnswer> = { ...v1, version: '1.4', statuses: statusesWithoutToolFailure };
  return [v1_3, v2, v1_4].map((definition) => ({ definition, report: checkContractCompatibility(v1, definition) }));
}
