import type { APIRequestContext } from '@playwright/test';
import type { ScenarioOptions, ScenarioStats } from '../../apps/playground/src/api/scenario-options';

/** A scenario id no other test uses (tests run in parallel against one server). */
export function uniqueScenario(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The server's request log for a scenario. */
export async function scenarioStats(request: APIRequestContext, scenario: string): Promise<ScenarioStats> {
  const response = await request.get(`/api/stats?scenario=${encodeURIComponent(scenario)}`);
  return (await response.json()) as ScenarioStats;
}

/** POSTs one chat request to the built-in model and returns the raw SSE text. */
export async function chat(
  request: APIRequestContext,
  options: Partial<ScenarioOptions> & { scenario: string },
): Promise<{ status: number; body: string }> {
  const response = await request.post('/api/chat/completions', {
    data: {
      model: 'fieldstream-scripted',
      stream: true,
      messages: [{ role: 'user', content: 'hello' }],
      fieldstream: { preset: 'incident', format: 'json', charsPerSecond: 0, chunkSize: 50, faults: [], ...options },
    },
  });
  return { status: response.status(), body: await response.text() };
}

/** The `data:` payloads of an SSE text, parsed (`[DONE]` kept as a string). */
export function ssePayloads(body: string): unknown[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice(6))
    .map((data) => (data === '[DONE]' ? data : JSON.parse(data)));
}

/** Concatenates `delta[field]` over every chunk. */
export function joinDeltas(payloads: unknown[], field: 'content' | 'reasoning_content'): string {
  let out = '';
  for (const payload of payloads) {
    const choices = (payload as { choices?: { delta?: Record<string, string> }[] }).choices;
    const delta = choices?.[0]?.delta?.[field];
    if (typeof delta === 'string') out += delta;
  }
  return out;
}
