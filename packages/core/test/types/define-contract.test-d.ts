// Type tests (vitest typecheck): defineContract infers its data from the fields and statuses.
import { type Contract, type ContractDefinition, defineContract, type InferContractData } from '@fieldstream/core/kits';
import { describe, expectTypeOf, test } from 'vitest';
import { type CustomerRefund, customerRefund } from '../../../../apps/playground/src/contracts/customer-refund';

const base = {
  name: 'triage',
  version: '1.0',
  consumers: { ui: { description: 'the UI', reads: ['status', 'title'] } },
};

describe('defineContract', () => {
  test('infers scalars, enums, nullable, optional, lists and objects', () => {
    const triage = defineContract({
      ...base,
      fields: {
        title: { type: 'string', description: 'a title' },
        score: { type: 'integer', description: '0-10', nullable: true },
        urgent: { type: 'boolean', description: 'page someone' },
        level: { type: 'enum', description: 'how bad', values: { low: 'wait', high: 'now' } },
        tags: { type: 'array', description: 'tags', items: { type: 'string', description: 'a tag' } },
        owner: {
          type: 'object',
          description: 'who',
          nullable: true,
          fields: { name: { type: 'string', description: 'name' } },
        },
        note: { type: 'string', description: 'shown only', optional: true },
      },
      statuses: {
        done: { kind: 'business', meaning: 'triaged', actions: { ui: 'show' } },
        failed: { kind: 'system', meaning: 'broke', actions: { ui: 'retry' } },
      },
      rules: [
        {
          name: 'urgent_is_high',
          description: 'urgent only when high',
          // The rule's data is typed by the fields above.
          check: (data) => !data.urgent || data.level === 'high' || 'urgent needs level high',
        },
      ],
    });
    type Triage = {
      schema_version: string;
      status: 'done' | 'failed';
      title: string;
      score: number | null;
      urgent: boolean;
      level: 'low' | 'high';
      tags: string[];
      owner: { name: string } | null;
      note?: string;
    };
    expectTypeOf<InferContractData<typeof triage>>().toEqualTypeOf<Triage>();
    expectTypeOf(triage).toEqualTypeOf<Contract<Triage>>();
    expectTypeOf(triage.output.$data).toEqualTypeOf<Triage | undefined>();
  });

  test('a rule reading a field that does not exist does not compile', () => {
    defineContract({
      ...base,
      fields: { title: { type: 'string', description: 'a title' } },
      statuses: { done: { kind: 'business', meaning: 'ok', actions: { ui: 'show' } } },
      // @ts-expect-error `titel` is not a field
      rules: [{ name: 'r', description: 'd', check: (data) => data.titel !== '' }],
    });
  });

  test('a definition typed by hand keeps its type', () => {
    type Plain = { schema_version: string; status: string; title: string };
    const definition: ContractDefinition<Plain> = {
      ...base,
      fields: { title: { type: 'string', description: 'a title' } },
      statuses: { done: { kind: 'business', meaning: 'ok', actions: { ui: 'show' } } },
    };
    expectTypeOf(defineContract(definition)).toEqualTypeOf<Contract<Plain>>();
  });

  test('the example refund contract: the type it used to write by hand is inferred', () => {
    expectTypeOf<CustomerRefund>().toEqualTypeOf<{
      schema_version: string;
      status: 'resolved' | 'need_more_info' | 'unable_to_confirm' | 'tool_failure';
      order_no: string;
      refund_decision: '符合退款政策' | '部分符合' | '不符合' | '需要补充证据' | '无法判断';
      reason: string;
      refund_amount: number | null;
      evidence: { source: string; time: string; detail: string }[];
      actions: { owner: '客服' | '主管' | '财务' | '系统'; action: string; system: string }[];
      customer_message: string | null;
      missing_info: string[];
      need_human_review: boolean;
      escalation_reason: string | null;
    }>();
    expectTypeOf(customerRefund).toEqualTypeOf<Contract<CustomerRefund>>();
  });
});
