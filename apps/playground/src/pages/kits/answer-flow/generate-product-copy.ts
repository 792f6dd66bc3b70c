import { AbortError, createResponse, FieldstreamError, REASONING_PATH } from '@fieldstream/core';
import type { AnswerIssue, AnswerItem, GenerateContext, GenerateInput } from '@fieldstream/core/kits';
import {
  type Product,
  type ProductCopy,
  productCopyOutput,
  productPresetId,
} from '../../../presets/product-descriptions';
import { kitModel } from '../kit-model';
import type { ProductFlowApp } from './product-flow';

/**
 * `generate` for one batch: one response per item from the built-in model, all of the batch at
 * once. Every patch of an item's answer is emitted under that item (`emit` → the run's sink →
 * `items.<id>…` in the page's store), so the batch fills in item by item. An item whose response
 * fails is left out of the result (the flow records `missing-value` for it) and its error is kept in
 * `app.failures`.
 */
export async function generateProductCopy(
  input: GenerateInput<Product, ProductCopy>,
  context: GenerateContext<ProductFlowApp>,
): Promise<Map<string, ProductCopy>> {
  const { app, signal } = context;
  const answers = await Promise.all(
    input.items.map(async (item): Promise<[string, ProductCopy] | undefined> => {
      // The item's round: how many answers it had before this one.
      const round = app.rounds.get(item.id) ?? 0;
      app.rounds.set(item.id, round + 1);
      const response = createResponse({
        model: kitModel(`${app.scenario}-${item.id}-r${round}`, app, () => productPresetId(item.id, round)),
        input: promptInput(item, input),
        instruct: 'Write the product copy for a shop page. No superlatives, no claims without a certificate.',
        output: productCopyOutput,
        format: 'json',
        maxRetries: 0,
        signal,
      });
      app.onItemStreaming(item.id, round);
      const unsubscribe = response.subscribe((event) => {
        if (event.type === 'patch' && event.data.path !== REASONING_PATH) context.emit(item.id, [event.data]);
      });
      try {
        return [item.id, await response.getData()];
      } catch (error) {
        if (error instanceof AbortError || signal.aborted) throw error;
        // The item is left out (the flow records missing-value); the page says which request failed and why.
        app.failures.push({
          itemId: item.id,
          error: error instanceof FieldstreamError ? error : new FieldstreamError('UNKNOWN', String(error)),
        });
        return undefined;
      } finally {
        unsubscribe();
      }
    }),
  );
  return new Map(answers.filter((answer) => answer !== undefined));
}

/** The item's facts, and on a repair round what was wrong with the previous answer. */
function promptInput(item: AnswerItem<Product>, input: GenerateInput<Product, ProductCopy>): unknown {
  const base = { product: item.data.name, facts: item.data.facts };
  const repairs: readonly AnswerIssue[] | undefined = input.repairs?.get(item.id);
  if (repairs === undefined) return base;
  const previous = input.previous?.get(item.id);
  return { ...base, previous_answer: previous, fix_these_issues: repairs.map((issue) => issue.message) };
}
