import { z } from 'zod';

/**
 * The server-stream page's output, written in zod: the server compiles it into fields, runs the
 * refinement last and retries with its issue; the browser only renders the patches it receives.
 */
export const Ticket = z.object({
  title: z.string().min(1).describe('One-line ticket title'),
  priority: z.enum(['low', 'medium', 'high']).describe('How urgent'),
  estimate_hours: z
    .number()
    .describe('Work estimate in hours')
    .refine((hours) => hours <= 40, 'split work over 40 hours into several tickets'),
  steps: z.array(z.string().min(1)).min(1).describe('What to do, in order'),
  owner: z.string().nullable().describe('Who takes it, if decided'),
});

export type TicketData = z.output<typeof Ticket>;

/** The validated answer the built-in model ends with. */
export const TICKET_ANSWER: TicketData = {
  title: 'Card payments fail for 3% of EU customers',
  priority: 'high',
  estimate_hours: 16,
  steps: [
    'Compare failing and passing payment traces since 09:12',
    'Roll back the 09:05 gateway config change on one region',
    'Confirm the error rate drops, then roll back everywhere',
    'Write the incident note for support',
  ],
  owner: 'payments on-call',
};

/** A first attempt the refinement rejects (so the retry shows on the page). */
export const OVERSIZED_TICKET_ANSWER: TicketData = { ...TICKET_ANSWER, estimate_hours: 120 };

/** The endpoint that runs the generation on the server and answers with a patch stream. */
export const PATCH_STREAM_ROUTE = '/api/patch-stream';

/** What the page posts. */
export type PatchStreamRequest = { retry: boolean };
