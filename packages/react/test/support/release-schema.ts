// A zod schema whose input and output differ: a transform (`tags`, `changes[*].ids`), a default,
// an enum, a nullable and an optional key, and a list of objects. Shared by the component tests
// and the type tests.
import { z } from 'zod';

export const Release = z.object({
  title: z.string().describe('Release title'),
  tags: z
    .string()
    .describe('Comma-separated tags')
    .transform((text) => text.split(',')),
  channel: z.enum(['stable', 'beta']),
  reviewers: z.number().int().default(1),
  risk: z.string().nullable(),
  notes: z.string().optional(),
  changes: z.array(
    z.object({
      area: z.string(),
      ids: z.string().transform((text) => text.split(' ').map(Number)),
    }),
  ),
});
