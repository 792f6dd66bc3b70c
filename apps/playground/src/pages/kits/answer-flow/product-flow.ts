import {
  type AnswerFlow,
  defineAnswerFlow,
  type FlowIssue,
  type FlowObservation,
  type ReviewPolicy,
  type ReviewVerdict,
} from '@fieldstream/core';
import type { Product, ProductCopy } from '../../../presets/product-descriptions';
import type { KitPacing } from '../kit-model';
import { generateProductCopy } from './generate-product-copy';

/** The longest description the shop's product page takes. */
export const DESCRIPTION_LIMIT = 160;

/** What the page chooses for a run. */
export type ProductFlowSettings = KitPacing & {
  reviewPolicy: ReviewPolicy;
  /** Most `generate` calls `canInvoke` allows (`undefined`: no limit). */
  generateBudget: number | undefined;
  /** The review desk throws (an unavailable review). */
  reviewDown: boolean;
};

/** The run's app context: pacing, the call budget and a counter of the calls made. */
export type ProductFlowApp = KitPacing & {
  scenario: string;
  generateBudget: number | undefined;
  generateCalls: number;
  /** Told when an item's answer starts streaming in a round (for the page's badges). */
  onItemStreaming(itemId: string, round: number): void;
};

/**
 * The batch flow of the answer-flow page: two items per `generate` call, one repair round, a
 * length check, a review desk that rejects superlatives and cannot verify rating claims, and a
 * fallback that shortens a description still too long.
 */
export function productFlow(
  settings: ProductFlowSettings,
  observe: (observation: FlowObservation<ProductCopy>) => void,
): AnswerFlow<Product, ProductCopy, ProductFlowApp> {
  return defineAnswerFlow<Product, ProductCopy, ProductFlowApp>({
    maxItems: 2,
    maxRepairs: 1,
    reviewPolicy: settings.reviewPolicy,
    canInvoke: ({ app }) => app.generateBudget === undefined || app.generateCalls < app.generateBudget,
    generate: (request) => {
      request.app.generateCalls += 1;
      return generateProductCopy(request);
    },
    check: ({ value }) => {
      const length = value.description.length;
      if (length <= DESCRIPTION_LIMIT) return true;
      const message = `description is ${length} characters; the limit is ${DESCRIPTION_LIMIT}`;
      return { ok: false, issues: [{ code: 'too-long', message, path: 'description' }] };
    },
    review: async (items) => {
      if (settings.reviewDown) throw new Error('the review desk is not answering');
      return items.map((item) => reviewCopy(item.id, item.value));
    },
    fallback: ({ value }) =>
      value !== undefined && value.description.length > DESCRIPTION_LIMIT
        ? { handled: true, value: { ...value, description: shorten(value.description, DESCRIPTION_LIMIT) } }
        : { handled: false },
    observe,
  });
}

const SUPERLATIVE = /\b(best|greatest|ever|#1|number one)\b/i;
const RATING_CLAIM = /\b(waterproof|IPX\d|certified)\b/i;

/** The review desk: superlatives are rejected; rating claims it cannot check stay unresolved. */
function reviewCopy(id: string, value: ProductCopy): ReviewVerdict {
  const text = `${value.headline} ${value.description}`;
  const superlative = SUPERLATIVE.exec(text);
  if (superlative) {
    const issue: FlowIssue = { code: 'superlative', message: `unprovable superlative "${superlative[0]}"` };
    return { id, status: 'rejected', issues: [issue] };
  }
  const claim = RATING_CLAIM.exec(text);
  if (claim) {
    const issue: FlowIssue = { code: 'unverified-claim', message: `no certificate on file for "${claim[0]}"` };
    return { id, status: 'unresolved', issues: [issue] };
  }
  return { id, status: 'approved' };
}

/** Cuts `text` at the last word boundary that leaves room for an ellipsis within `limit`. */
export function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
