import { defineOutput } from '@fieldstream/core';
import type { Preset } from './preset';

/** One shop product whose copy the answer-flow page asks the built-in model to write. */
export type Product = { id: string; name: string; facts: string };

/** The value the answer flow produces per product. */
export type ProductCopy = { headline: string; description: string };

/** What one product-copy answer holds. */
export const productCopyOutput = defineOutput({
  headline: ['string', 'a short headline for the product page', 'not_null'],
  description: ['string', 'one or two sentences of product copy, at most 160 characters', 'not_null'],
});

/** The batch the answer-flow page runs, in order. */
export const PRODUCTS: readonly Product[] = [
  { id: 'p1', name: 'Pour-over dripper', facts: 'ceramic, fits most mugs, 2–4 cups, dishwasher safe' },
  { id: 'p2', name: 'Linen tea towels', facts: 'set of 3, stonewashed linen, 50 × 70 cm, hanging loop' },
  { id: 'p3', name: 'Cast-iron skillet', facts: '26 cm, pre-seasoned, oven safe to 260 °C, 2.4 kg' },
  { id: 'p4', name: 'Trail headlamp', facts: '400 lumen, USB-C, red night mode, rated IPX7 by the maker' },
  { id: 'p5', name: 'Bamboo cutting board', facts: '40 × 28 cm, juice groove, made from one piece of bamboo' },
  { id: 'p6', name: 'Merino throw', facts: '130 × 170 cm, 100 % merino, machine washable on wool cycle' },
];

/**
 * Recorded answers per product and round. Round 0 is the first draft; `repair` is what the model
 * answers to a repair prompt (when absent it repeats its draft, as models sometimes do).
 * p3's draft is too long, p5's draft has a superlative the review rejects, p4 makes a rating claim
 * the review cannot verify, and p6 stays too long in both rounds (the fallback shortens it).
 */
const ANSWERS: Readonly<Record<string, { draft: ProductCopy; repair?: ProductCopy }>> = {
  p1: {
    draft: {
      headline: 'Slow coffee, steady pour',
      description:
        'A ceramic pour-over dripper that sits on most mugs and brews two to four cups. Rinse it or run it through the dishwasher.',
    },
  },
  p2: {
    draft: {
      headline: 'Linen that gets better',
      description:
        'Three stonewashed linen towels, 50 × 70 cm, that dry fast and soften with every wash. Each has a loop to hang it by.',
    },
  },
  p3: {
    draft: {
      headline: 'A skillet for life',
      description:
        'This 26 cm cast-iron skillet arrives pre-seasoned and ready to sear, bake and fry; it goes from the hob into an oven at up to 260 °C, and at 2.4 kg it holds heat evenly for a crust on steaks, cornbread and roast vegetables alike.',
    },
    repair: {
      headline: 'A skillet for life',
      description:
        'A 26 cm pre-seasoned cast-iron skillet that sears on the hob and bakes in the oven up to 260 °C, holding heat evenly.',
    },
  },
  p4: {
    draft: {
      headline: 'Light for the long way home',
      description:
        'A 400-lumen headlamp with a red night mode, USB-C charging and an IPX7 waterproof rating for rainy trails.',
    },
  },
  p5: {
    draft: {
      headline: 'The best board you will ever own',
      description: 'A 40 × 28 cm board cut from one piece of bamboo, with a juice groove that keeps the counter dry.',
    },
    repair: {
      headline: 'One piece of bamboo',
      description: 'A 40 × 28 cm board cut from one piece of bamboo, with a juice groove that keeps the counter dry.',
    },
  },
  p6: {
    draft: {
      headline: 'Warmth without the weight',
      description:
        'A 130 × 170 cm throw knitted from 100 % merino wool that breathes in summer, warms in winter, drapes over a sofa or a bed, and survives the wool cycle of your washing machine.',
    },
  },
};

/** The preset id of a product's answer in a round (0: the draft; later rounds: the repair). */
export function productPresetId(productId: string, round: number): string {
  return round > 0 && ANSWERS[productId]?.repair !== undefined ? `product-${productId}-repair` : `product-${productId}`;
}

function productPreset(product: Product, kind: 'draft' | 'repair', data: ProductCopy): Preset {
  return {
    id: kind === 'draft' ? `product-${product.id}` : `product-${product.id}-repair`,
    title: `Answer flow: ${product.name}${kind === 'repair' ? ' (repair)' : ''}`,
    description: `Answer-flow kit: product copy for ${product.name}${kind === 'repair' ? ', after a repair prompt' : ''}`,
    input: `Write product copy for ${product.name}: ${product.facts}.`,
    output: productCopyOutput,
    format: 'json',
    data,
    recorded: { format: 'json', text: JSON.stringify(data, null, 2) },
  };
}

/** Every recorded product answer, as presets the server serves. */
export const productDescriptionPresets: readonly Preset[] = PRODUCTS.flatMap((product) => {
  const answers = ANSWERS[product.id];
  if (answers === undefined) return [];
  const drafts = [productPreset(product, 'draft', answers.draft)];
  return answers.repair === undefined ? drafts : [...drafts, productPreset(product, 'repair', answers.repair)];
});
