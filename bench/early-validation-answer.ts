/**
 * The passing answer of the early-validation cost target (issue 26): a 256 KB report streamed with
 * a zod schema, validated while it streams or at the end only. Shared by
 * bench/early-validation.bench.ts (CPU time) and bench/early-validation-probe.ts (instruction counts).
 */
import { z } from 'zod';
import { createResponse } from '../packages/core/src/index';
import { scriptedModel } from '../packages/core/src/testing';

export const Report = z.object({
  title: z.string(),
  generated: z.string(),
  sections: z.array(
    z.object({
      heading: z.string(),
      summary: z.string(),
      records: z.array(
        z.object({
          id: z.number().int(),
          name: z.string().min(1),
          score: z.number(),
          active: z.boolean(),
          ratio: z.number().nullable(),
          tags: z.array(z.string()),
          owner: z.object({ name: z.string(), email: z.string().email(), since: z.number().int() }),
          notes: z.string(),
          history: z.array(z.object({ at: z.number().int(), event: z.string() })),
        }),
      ),
    }),
  ),
});

/** Streams `answer` (20-character chunks, no delays) through a response and validates it. */
export async function passingAnswer(answer: string, early: boolean): Promise<unknown> {
  const response = createResponse({
    model: scriptedModel({ answers: [answer], chunkSize: 20 }),
    input: 'report',
    output: Report,
    format: 'json',
    earlyValidation: early,
  });
  return response.getData();
}

/** One probe process's CPU ms: on/off pairs (same index, same pair) and A/A pairs (off, off). */
export type CpuPairs = { on: number[]; off: number[]; aa: [number, number][] };
