// packages/server/README.md, "Resumable answers", verbatim: it must compile as written (no casts).
// packages/core/test/readme/readme-snippets.test.ts checks that every snippet of the package READMEs appears in one of these files.
import { expectTypeOf } from 'vitest';
import { createResponse, openAIChat } from '@fieldstream/core';
import { createRedisAnswerLog, createResumableAnswers } from '@fieldstream/server';

const answers = createResumableAnswers({
  // Without `log`: this process only. With Redis, any instance serves any answer.
  log: process.env.REDIS_URL ? createRedisAnswerLog({ url: process.env.REDIS_URL }) : undefined,
});
const model = openAIChat({ baseURL: 'https://api.openai.com/v1', apiKey: process.env.OPENAI_API_KEY, model: 'gpt-4.1-mini' });

// POST starts an answer; GET resumes it or attaches to it (DELETE aborts it, with `allowAbort`).
export async function POST(request: Request) {
  const { question } = (await request.json()) as { question: string };
  return answers.start(createResponse({ model, input: question, format: 'json' }));
}
export const GET = (request: Request) => answers.resume(request);

expectTypeOf(POST).returns.toEqualTypeOf<Promise<Response>>();
expectTypeOf(GET).returns.toEqualTypeOf<Promise<Response>>();
