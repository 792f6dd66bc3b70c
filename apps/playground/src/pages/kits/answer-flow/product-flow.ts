import {
  type AnswerCheck,
  type AnswerFlow,
  type AnswerIssue,
  type AnswerResult,
  type AnswerReviewPolicy,
  defineAnswerFlow,
} from '@fieldstream/core/kits';
import type { Product, ProductCopy } from '../../../presets/product-descriptions';
import type { KitPacing } from '../kit-model';
import type { ItemRequestFailure } from './batch-failure';
import { generateProductCopy } from './generate-product-copy';

/** The longest description the shop's product page takes. */
export const DESCRIPTION_LIMIT = 160;

/** What the page chooses for a run. */
export type ProductFlowSettings = KitPacing & {
  reviewPolicy: AnswerReviewPolicy;
  /** Most `generate` calls `canInvoke` allows (`undefined`: no limit). */
  generateBudget: number | undefined;
  /** The review desk throws (an unavailable review). */
  reviewDown: boolean;
};

/** The run's app context: pacing, the call budget and a counter of the calls made. */
export type ProductFlowApp = KitPacing & {
  scenario: string;
  generateBudget: number | undefined;
  /** The generate calls made so far (`count`), mutable inside the read-only app. */
  generateCalls: { count: number };
  /** Each item's latest generated copy (the fallback shortens it). */
  latest: Map<string, ProductCopy>;
  /** How many answers each item has had (its next round). */
  rounds: Map<string, number>;
  /** Responses that failed (transport, provider, parse): the page reports them instead of `done`. */
  failures: ItemRequestFailure[];
  /** Told when an item's answer starts streaming in a round (for the page's badges). */
  onItemStreaming(itemId: string, round: number): void;
};

/**
 * The batch flow of the answer-flow page: two items per `generate` call, one repair round, a
 * length check, a review desk that rejects superlatives and cannot verify rating claims, and a
 * fallback that shortens a description still too long.
 */
/** What `observe` reports for one stage. */
export type ProductStage = { stageId: string; results: readonly AnswerResult<Product, ProductCopy>[] };

export function productFlow(
  settings: ProductFlowSettings,
  observe: (stage: ProductStage) => void,
): AnswerFlow<Product, ProductCopy, ProductFlowApp> {
  return defineAnswerFlow<Product, ProductCopy, ProductFlowApp>({
    maxItems: 2,
    maxRepairs: 1,
    reviewPolicy: settings.reviewPolicy,
    canInvoke: ({ app }) => app.generateBudget === undefined || app.generateCalls.count < app.generateBudget,
    generate: async (input, context) => {
      const { app } = context;
      app.generateCalls.count += 1;
      const copies = await generateProductCopy(input, context);
      for (const [id, copy] of copies) app.latest.set(id, copy);
      return copies;
    },
    check: ({ value }) => {
      const length = value.description.length;
      if (length <= DESCRIPTION_LIMIT) return { status: 'passed', issues: [] };
      const message = `description is ${length} characters; the limit is ${DESCRIPTION_LIMIT}`;
      return { status: 'failed', issues: [{ code: 'too-long', message, path: 'description' }] };
    },
    review: async ({ items }) => {
      if (settings.reviewDown) throw new Error('the review desk is not answering');
      return new Map(items.map(({ item, value }) => [item.id, reviewCopy(value)]));
    },
    fallback: ({ item }, { app }) => {
      const value = app.latest.get(item.id);
      return value !== undefined && value.description.length > DESCRIPTION_LIMIT
        ? { handled: true, value: { ...value, description: shorten(value.description, DESCRIPTION_LIMIT) } }
        : { handled: false };
    },
    observe: (stage) => observe(stage),
  });
}

const SUPERLATIVE = /\b(best|greatest|ever|#1|number one)\b/i;
const RATING_CLAIM = /\b(waterproof|IPX\d|certified)\b/i;

/** The review desk: superlatives are rejected; rating claims it cannot check stay unavailable. */
function reviewCopy(value: ProductCopy): AnswerCheck<ProductCopy> {
  const text = `${value.headline} ${value.description}`;
  const superlative = SUPERLATIVE.exec(text);
  if (superlative) {
    const issue: AnswerIssue = { code: 'superlative', message: `unprovable superlative "${superlative[0]}"` };
    return { status: 'failed', issues: [issue] };
  }
  const claim = RATING_CLAIM.exec(text);
  if (claim) {
    const issue: AnswerIssue = { code: 'unverified-claim', message: `no certificate on file for "${claim[0]}"` };
    return { status: 'unavailable', issues: [issue] };
  }
  return { status: 'passed', issues: [] };
}

/** Cuts `text` at the last word boundary that leaves room for an ellipsis within `limit`. */
export function shorten(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}
