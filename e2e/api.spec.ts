import { expect, test } from '@playwright/test';
import { MALFORMED_ANSWER, planAnswer, presetById } from '../apps/playground/src/presets/index';
import { chat, joinDeltas, scenarioStats, ssePayloads, uniqueScenario } from './support/api';

// The built-in model over real HTTP: OpenAI-compatible SSE, faults, and the per-scenario request log.

test('streams the recorded answer as OpenAI chat-completion chunks ending in [DONE]', async ({ request }) => {
  const scenario = uniqueScenario('api-runbook');
  const { status, body } = await chat(request, { scenario, preset: 'runbook', format: 'yaml_literal', chunkSize: 7 });
  expect(status).toBe(200);
  const payloads = ssePayloads(body);
  expect(payloads.at(-1)).toBe('[DONE]');
  const runbook = presetById('runbook');
  expect(joinDeltas(payloads, 'content')).toBe(runbook.recorded.text);
  expect(joinDeltas(payloads, 'reasoning_content')).toBe(runbook.providerReasoning);
  const contentChunks = payloads.filter((p) => typeof p === 'object' && joinDeltas([p], 'content') !== '');
  expect(contentChunks.length).toBe(Math.ceil(Array.from(runbook.recorded.text).length / 7));
  const stats = await scenarioStats(request, scenario);
  expect(stats.requests).toBe(1);
  expect(stats.log[0]).toMatchObject({ attempt: 0, outcome: 'completed', charsSent: runbook.recorded.text.length });
});

test('answer faults hit attempt 0 only; the server numbers attempts per scenario', async ({ request }) => {
  const scenario = uniqueScenario('api-malformed');
  const first = await chat(request, { scenario, faults: ['malformed'] });
  const second = await chat(request, { scenario, faults: ['malformed'] });
  expect(joinDeltas(ssePayloads(first.body), 'content')).toBe(MALFORMED_ANSWER);
  expect(joinDeltas(ssePayloads(second.body), 'content')).toBe(presetById('incident').recorded.text);
  const stats = await scenarioStats(request, scenario);
  expect(stats.log.map((r) => r.attempt)).toEqual([0, 1]);
});

test('missing_field omits the first required field on attempt 0', async ({ request }) => {
  const scenario = uniqueScenario('api-missing');
  const { body } = await chat(request, { scenario, faults: ['missing_field'] });
  const text = joinDeltas(ssePayloads(body), 'content');
  const parsed = JSON.parse(text.replace(/^<think>[\s\S]*?<\/think>\s*/, '')) as Record<string, unknown>;
  expect(parsed.status_summary).toBeUndefined();
  expect(parsed.customer_reply).toBe((presetById('incident').data as Record<string, unknown>).customer_reply);
});

test('provider_error sends an SSE error object after half the answer and no [DONE]', async ({ request }) => {
  const scenario = uniqueScenario('api-provider-error');
  const { body } = await chat(request, { scenario, faults: ['provider_error'] });
  const payloads = ssePayloads(body);
  expect(payloads.at(-1)).toMatchObject({ error: { code: 'overloaded', type: 'server_error' } });
  expect(payloads).not.toContain('[DONE]');
  const plan = planAnswer({ preset: presetById('incident'), format: 'json', attempt: 0, faults: ['provider_error'] });
  expect(joinDeltas(payloads, 'content')).toBe(plan.text.slice(0, plan.stopAt));
  expect((await scenarioStats(request, scenario)).log[0]?.outcome).toBe('provider_error');
});

test('drop_connection delivers half the answer, then the socket dies', async ({ page }) => {
  const scenario = uniqueScenario('api-drop');
  await page.goto('/');
  const result = await page.evaluate(async (scenario) => {
    const response = await fetch('/api/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        messages: [],
        fieldstream: {
          scenario,
          preset: 'incident',
          format: 'json',
          charsPerSecond: 0,
          chunkSize: 40,
          faults: ['drop_connection'],
        },
      }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return { text, error: null };
        text += decoder.decode(value, { stream: true });
      }
    } catch (error) {
      return { text, error: String(error) };
    }
  }, scenario);
  expect(result.error).not.toBeNull();
  const plan = planAnswer({ preset: presetById('incident'), format: 'json', attempt: 0, faults: ['drop_connection'] });
  expect(joinDeltas(ssePayloads(result.text), 'content')).toBe(plan.text.slice(0, plan.stopAt));
  const stats = await scenarioStats(page.request, scenario);
  expect(stats.log[0]?.outcome).toBe('dropped');
});

test('the server sees the client close the connection', async ({ page }) => {
  const scenario = uniqueScenario('api-close');
  await page.goto('/');
  await page.evaluate(async (scenario) => {
    const controller = new AbortController();
    const response = await fetch('/api/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      signal: controller.signal,
      body: JSON.stringify({
        messages: [],
        fieldstream: { scenario, preset: 'incident', format: 'json', charsPerSecond: 200, chunkSize: 4, faults: [] },
      }),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    controller.abort();
  }, scenario);
  await expect.poll(async () => (await scenarioStats(page.request, scenario)).clientClosed).toBe(1);
  const stats = await scenarioStats(page.request, scenario);
  expect(stats.open).toBe(0);
  expect(stats.log[0]?.charsSent).toBeLessThan(presetById('incident').recorded.text.length);
});

test('unknown API routes answer 404 as JSON; config never exposes a key', async ({ request }) => {
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  const config = await (await request.get('/api/config')).json();
  expect(Object.keys(config).sort()).toEqual(['liveAvailable'].concat(config.liveModel ? ['liveModel'] : []).sort());
  expect(JSON.stringify(config)).not.toMatch(/sk-|key/i);
});
