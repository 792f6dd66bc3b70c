// json's lenient final reader (JSON5, repairs, block search) loads only when an answer is not strict
// JSON (decision 0013). The suite's setup file loads it up front, so each test here uses fresh modules.
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it, vi } from 'vitest';

async function fresh() {
  vi.resetModules();
  const core = await import('../../src/index');
  const json = await import('../../src/formats/json/index');
  const slot = await import('../../src/formats/json/json-repair');
  return { core, json, slot };
}

const STRICT = '{"title":"Launch","steps":["plan","ship"]}';
const FENCED = 'Here it is:\n```json\n{"title": "Launch", "steps": ["plan", "ship",]}\n```';
const VALUE = { title: 'Launch', steps: ['plan', 'ship'] };

/** Whether the lenient reader is loaded: a non-strict text parses instead of asking for prepare(). */
function readerLoaded(json: Awaited<ReturnType<typeof fresh>>['json']): boolean {
  try {
    json.jsonFormat.parse('{a: 1}', {});
    return true;
  } catch {
    return false;
  }
}

describe('json loads its lenient final reader on demand', () => {
  it('a response whose answer is strict JSON never loads it', async () => {
    const { core, json } = await fresh();
    const response = core.createResponse({
      model: scriptedModel({ answers: [STRICT] }),
      input: 'x',
      format: 'json',
    });
    expect(await response.getData()).toEqual(VALUE);
    expect(readerLoaded(json)).toBe(false);
  });

  it('a response whose answer is not strict JSON loads it before the final parse', async () => {
    const { core, json } = await fresh();
    const response = core.createResponse({
      model: scriptedModel({ answers: [FENCED] }),
      input: 'x',
      format: 'json',
    });
    expect(await response.getData()).toEqual(VALUE);
    const meta = await response.getMeta();
    expect(meta.attempts).toBe(1);
    expect(readerLoaded(json)).toBe(true);
  });

  it("a stream parser's synchronous finish says how to load it, and repairs once prepared", async () => {
    const { core } = await fresh();
    const unprepared = core.createStreamParser({ format: 'json' });
    unprepared.push(FENCED);
    unprepared.finish();
    expect(unprepared.final).toBeUndefined();
    expect(unprepared.finalError).toBeInstanceOf(core.OutputParseError);
    expect(unprepared.finalError?.message).toContain(
      'not strict JSON; to repair it, await parser.prepare() before parser.finish()',
    );
    expect(unprepared.finalError?.rawText).toBe(FENCED);

    const prepared = core.createStreamParser({ format: 'json' });
    prepared.push(FENCED);
    await prepared.prepare();
    prepared.finish();
    expect(prepared.finalError).toBeUndefined();
    expect(prepared.final).toEqual({ value: VALUE, repaired: false, format: 'json' }); // JSON5 (a trailing comma), found in prose
  });

  it('a strict answer needs no prepare, and prepare on it loads nothing', async () => {
    const { core, json } = await fresh();
    const parser = core.createStreamParser({ format: 'json' });
    parser.push(STRICT);
    await parser.prepare();
    parser.finish();
    expect(parser.final).toEqual({ value: VALUE, repaired: false, format: 'json' });
    expect(readerLoaded(json)).toBe(false);
  });

  it('a strict answer nesting deeper than maxDepth loads it, so the depth error is the same as before', async () => {
    const { json } = await fresh();
    await json.jsonFormat.prepare?.('[[[1]]]', { maxDepth: 2 });
    expect(readerLoaded(json)).toBe(true);
    expect(() => json.jsonFormat.parse('[[[1]]]', { maxDepth: 2 })).toThrow(/depth/i);
  });

  it('parseOutput repairs synchronously without prepare, and brings the reader to stream parsers', async () => {
    const { core, json } = await fresh();
    expect(core.parseOutput(FENCED)).toEqual(VALUE);
    expect(readerLoaded(json)).toBe(true);
    const parser = core.createStreamParser({ format: 'json' });
    parser.push(FENCED);
    parser.finish();
    expect(parser.final?.value).toEqual(VALUE);
  });

  it('prepare without an answer loads it', async () => {
    const { json, slot } = await fresh();
    await slot.prepareJson();
    expect(readerLoaded(json)).toBe(true);
  });
});
