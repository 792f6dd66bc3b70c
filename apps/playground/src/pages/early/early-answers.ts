import { z } from 'zod';

// The early-validation page's scripted model: its first answer writes an invalid first field (the
// email) and then a long body; the retry writes a valid answer. Shared with e2e/early-validation.spec.ts.

export const Signup = z.object({
  email: z.string().email(),
  plan: z.enum(['free', 'team']),
  welcome: z.string(),
});

const longWelcome = 'Welcome aboard! Here is everything you need to know about your first week. '.repeat(24);

/** Attempt 0 (the email breaks its rule), then attempt 1 (valid). */
export const SIGNUP_ANSWERS = [
  JSON.stringify({ email: 'ada at example dot com', plan: 'team', welcome: longWelcome }),
  JSON.stringify({ email: 'ada@example.com', plan: 'team', welcome: 'Welcome, Ada!' }),
];

/** The characters of the whole first answer, streamed to its end when nothing stops it. */
export const FIRST_ANSWER_LENGTH = (SIGNUP_ANSWERS[0] as string).length;
