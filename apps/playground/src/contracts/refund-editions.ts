import { type Contract, type ContractSample, defineContract } from '@fieldstream/core/kits';
import { customerRefundContract, customerRefundSamples, type RefundAnswer } from './customer-refund';
import { customerRefundEn, customerRefundSamplesEn, inEnglish } from './customer-refund-en';

/** The contract page's editions: English (the default), and the seed's own Chinese. */
export const REFUND_EDITION_IDS = ['en', 'zh'] as const;
export type RefundEditionId = (typeof REFUND_EDITION_IDS)[number];

/** One edition of the customer-refund contract, with what the page writes in its language. */
export type RefundEdition = {
  id: RefundEditionId;
  /** The edition select's text (Latin letters: readable without a CJK font). */
  label: string;
  contract: Contract<RefundAnswer>;
  /** The contract test's samples. */
  samples: readonly ContractSample[];
  /** How the page writes an amount's unit. */
  currency: string;
  /** A text of the seed in this edition (the compatibility table's added and removed words). */
  words(seedText: string): string;
};

export const REFUND_EDITIONS: Readonly<Record<RefundEditionId, RefundEdition>> = {
  en: {
    id: 'en',
    label: 'English',
    contract: customerRefundEn,
    samples: customerRefundSamplesEn,
    currency: 'CNY',
    words: inEnglish,
  },
  zh: {
    id: 'zh',
    label: "Chinese (the seed's own)",
    contract: defineContract<RefundAnswer>(customerRefundContract),
    samples: customerRefundSamples,
    currency: '元',
    words: (seedText) => seedText,
  },
};
