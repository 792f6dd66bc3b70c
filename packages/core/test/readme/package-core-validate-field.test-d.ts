// packages/core/README.md, "Validation while it streams", verbatim: it must compile as written.
// readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, openAIChat } from '@fieldstream/core';
import { z } from 'zod';

const Signup = z.object({ email: z.string().email(), plan: z.enum(['free', 'team']), welcome: z.string() });

const signup = createResponse({
  model: openAIChat({ baseURL: '/api', model: 'gpt-4.1-mini' }),
  input: 'Sign Ada up.',
  output: Signup,
  format: 'json',
  // Runs as each welcome closes; a bad email already stopped the attempt when it closed.
  validateField: { welcome: (value) => String(value).length < 400 || { ok: false, reason: 'keep it short' } },
});
signup.observe((event) => {
  if (event.type === 'model.retrying' && event.retry_reason === 'field_rejected') console.warn('rejected', event.path);
});

expectTypeOf(signup.getData()).resolves.toEqualTypeOf<z.output<typeof Signup>>();
