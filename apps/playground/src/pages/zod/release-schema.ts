import { z } from 'zod';

/**
 * The zod page's output, given to `createResponse` and `<LiveForm>` as it is. What the model writes
 * is the schema's input side (`tags` as one comma-separated string, `reviewers` left out); what
 * `getData()` gives is its output (`tags` split into a list, `reviewers` defaulted).
 */
export const Release = z.object({
  title: z.string().min(1).describe('Release title'),
  channel: z.enum(['stable', 'beta', 'nightly']).describe('Where it ships'),
  tags: z
    .string()
    .describe('Comma-separated tags')
    .transform((text) =>
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ''),
    ),
  reviewers: z.number().int().min(1).default(2).describe('Reviewers needed'),
  risk: z.string().nullable().describe('Known risk, or null'),
  notes: z.string().optional().describe('Anything else'),
  changes: z
    .array(z.object({ area: z.string().describe('Package'), summary: z.string().describe('What changed') }))
    .describe('What changed'),
});

/** What streams: the input, partial. */
export type ReleaseInput = z.input<typeof Release>;
/** What the response resolves: the output. */
export type ReleaseData = z.output<typeof Release>;

/** The scripted answer: the input side, as the model writes it. */
export const RELEASE_ANSWER = JSON.stringify(
  {
    title: 'Fieldstream 0.2: typed streaming',
    channel: 'beta',
    tags: 'react, types, zod, playground',
    risk: null,
    changes: [
      { area: 'core', summary: 'Streamed values are typed by the schema’s input, final data by its output' },
      { area: 'react', summary: 'LiveForm and FieldProgress take zod, valibot, arktype and JSON Schema' },
    ],
  },
  null,
  1,
);
