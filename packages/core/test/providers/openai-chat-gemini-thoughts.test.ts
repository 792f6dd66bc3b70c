import { type ModelEvent, openAIChat } from '@fieldstream/core';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { GeminiThoughts } from '../../src/providers/gemini-thoughts';
import { type LocalServer, startServer } from '../transport/local-server';
import { joined, runModel, serveFixture } from './provider-harness';

// Gemini's OpenAI-compatible endpoint with include_thoughts: thought text arrives as delta.content
// inside <thought>…</thought>, flagged extra_content.google.thought (fixture: hand-written from the
// documented shape, see its header).
let server: LocalServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const THOUGHT = { google: { thought: true } };

async function run(deltas: readonly object[]): Promise<ModelEvent[]> {
  const body = deltas.map(
    (delta) => `data: ${JSON.stringify({ id: 'g', model: 'gemini', choices: [{ index: 0, delta }] })}\n\n`,
  );
  server = await startServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(`${body.join('')}data: [DONE]\n\n`);
  });
  const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gemini' }));
  expect(error).toBeUndefined();
  return events;
}

const deltasOf = (events: readonly ModelEvent[]) =>
  events.flatMap((e) => (e.type === 'text' || e.type === 'reasoning' ? [e.delta] : []));

describe.each([1, 7, 42, 1234])('Gemini thoughts fixture, chunking seed %i', (seed) => {
  it('routes the tagged thought text to reasoning and keeps the answer exact', async () => {
    server = await serveFixture('gemini-openai-thoughts.txt', { seed });
    const { events, error } = await runModel(openAIChat({ baseURL: server.url, model: 'gemini-2.5-flash' }));
    expect(error).toBeUndefined();
    expect(joined(events, 'reasoning')).toBe(
      '**Sizing the disk**\n\nThe log volume is at 98 %, so writes stall — résumé: free space first.\n\n',
    );
    expect(joined(events, 'text')).toBe('{"cause": "disk full", "action": "rotate logs ✅"}');
    for (const delta of deltasOf(events)) expect(delta).not.toMatch(/<\/?thought/);
    const firstText = events.findIndex((e) => e.type === 'text');
    expect(events.findLastIndex((e) => e.type === 'reasoning')).toBeLessThan(firstText);
  });
});

describe('Gemini thoughts through openAIChat', () => {
  it('a closing tag glued to the first answer delta', async () => {
    const events = await run([
      { role: 'assistant', content: '<thought>plan', extra_content: THOUGHT },
      { content: '</thought>Answer.' },
    ]);
    expect(events.filter((e) => e.type !== 'meta')).toEqual([
      { type: 'reasoning', delta: 'plan' },
      { type: 'text', delta: 'Answer.' },
    ]);
  });

  it('a closing tag split across deltas (flagged and not), and an opening tag split too', async () => {
    const events = await run([
      { content: '<thou', extra_content: THOUGHT },
      { content: 'ght>Evaluating', extra_content: THOUGHT },
      { content: ' the clues</tho', extra_content: THOUGHT },
      { content: 'u' },
      { content: 'ght>Here is ' },
      { content: 'the answer.' },
    ]);
    expect(joined(events, 'reasoning')).toBe('Evaluating the clues');
    expect(joined(events, 'text')).toBe('Here is the answer.');
    for (const delta of deltasOf(events)) expect(delta).not.toMatch(/[<>]/);
  });

  it('flagged deltas without tags are reasoning by the flag alone; unflagged content stays the answer', async () => {
    const events = await run([
      { content: 'weighing options', extra_content: THOUGHT },
      { content: '<b>bold</b> answer', extra_content: null },
    ]);
    expect(joined(events, 'reasoning')).toBe('weighing options');
    expect(joined(events, 'text')).toBe('<b>bold</b> answer');
  });

  it('without the flag, a leading <thought> is answer text (other servers are untouched)', async () => {
    const events = await run([{ content: '<thought>x</thought>y' }]);
    expect(joined(events, 'text')).toBe('<thought>x</thought>y');
    expect(joined(events, 'reasoning')).toBe('');
  });

  it('an unclosed thought block ends as reasoning, a held partial closer included', async () => {
    const events = await run([{ content: '<thought>still thinking</tho', extra_content: THOUGHT }]);
    expect(joined(events, 'reasoning')).toBe('still thinking</tho');
    expect(joined(events, 'text')).toBe('');
  });
});

describe('GeminiThoughts', () => {
  it('splits thought and answer exactly under every split of the content into deltas', () => {
    const thoughtText = fc.string({ unit: fc.constantFrom('a', '<', '/', 't', 'h', 'o', 'u', 'g', '>', ' ', 'é') });
    fc.assert(
      fc.property(
        thoughtText.filter((t) => !t.toLowerCase().includes('</thought>')),
        fc.string(),
        fc.array(fc.nat(), { maxLength: 8 }),
        (thought, answer, cuts) => {
          const wire = `<thought>${thought}</thought>${answer}`;
          const closerEnd = `<thought>${thought}</thought>`.length;
          const points = [...new Set(cuts.map((c) => c % (wire.length + 1)))].sort((a, b) => a - b);
          const bounds = [0, ...points, wire.length];
          const splitter = new GeminiThoughts();
          let reasoning = '';
          let text = '';
          for (let i = 0; i + 1 < bounds.length; i++) {
            const start = bounds[i] as number;
            // Gemini flags the deltas that hold thought text; the one with the closer may be unflagged.
            const out = splitter.push(wire.slice(start, bounds[i + 1]), start < closerEnd - '</thought>'.length);
            reasoning += out.reasoning;
            text += out.text;
          }
          reasoning += splitter.finish().reasoning;
          expect(reasoning).toBe(thought);
          expect(text).toBe(answer);
        },
      ),
      { numRuns: 500 },
    );
  });
});
