// The yaml package loads only when a yaml_literal document goes beyond the fast subset (decision
// 0013). The suite's setup file loads it up front, so each test here uses a fresh copy of the package.
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it, vi } from 'vitest';

async function fresh() {
  vi.resetModules();
  const core = await import('../../src/index');
  const slot = await import('../../src/formats/yaml-literal/yaml-package');
  return { core, loaded: () => slot.loadedYamlPackage() !== undefined };
}

const wrap = (yaml: string): string => `<<<BEGIN AGENTLY_YAML>>>\n${yaml}\n<<<END AGENTLY_YAML>>>`;
/** Written the way the instructions ask: read by the fast subset. */
const SUBSET = wrap('title: Launch\nsteps:\n  - plan\n  - ship\nnote: |\n  line one\n  line two');
/** An anchor and an alias: beyond the subset, so only the yaml package reads it. */
const BEYOND = wrap('base: &b 3\ncopy: *b');

describe('yaml_literal loads the yaml package on demand', () => {
  it('a response whose answer stays in the subset never loads it', async () => {
    const { core, loaded } = await fresh();
    const output = core.defineOutput({ title: ['string', 't'], steps: [['string', 's']], note: ['string', 'n'] });
    const model = scriptedModel({ answers: [SUBSET] });
    const response = core.createResponse({
      model,
      input: 'x',
      output,
      format: 'yaml_literal',
      formats: [core.yamlLiteralFormat],
    });
    expect(await response.getData()).toEqual({
      title: 'Launch',
      steps: ['plan', 'ship'],
      note: 'line one\nline two\n',
    });
    expect(loaded()).toBe(false);
  });

  it('a response whose answer goes beyond the subset loads it before the final parse', async () => {
    const { core, loaded } = await fresh();
    const output = core.defineOutput({ base: ['integer', 'b'], copy: ['integer', 'c'] });
    const model = scriptedModel({ answers: [BEYOND] });
    const response = core.createResponse({
      model,
      input: 'x',
      output,
      format: 'yaml_literal',
      formats: [core.yamlLiteralFormat],
    });
    expect(await response.getData()).toEqual({ base: 3, copy: 3 });
    expect((await response.getMeta()).attempts).toBe(1);
    expect(loaded()).toBe(true);
  });

  it('a synchronous parse beyond the subset says how to load it, and parses once prepared', async () => {
    const { core, loaded } = await fresh();
    const options = { format: 'yaml_literal', formats: [core.yamlLiteralFormat] } as const;
    expect(core.parseOutput(SUBSET, options)).toMatchObject({ title: 'Launch' });
    let error: unknown;
    try {
      core.parseOutput(BEYOND, options);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(core.OutputParseError);
    expect((error as Error).message).toContain('needs the yaml package, which loads on demand');
    await core.yamlLiteralFormat.prepare(SUBSET);
    expect(loaded()).toBe(false);
    await core.yamlLiteralFormat.prepare(BEYOND);
    expect(loaded()).toBe(true);
    expect(core.parseOutput(BEYOND, options)).toEqual({ base: 3, copy: 3 });
  });

  it("a stream parser's prepare() loads what its text needs", async () => {
    const { core, loaded } = await fresh();
    const parser = core.createStreamParser({ format: 'yaml_literal', formats: [core.yamlLiteralFormat] });
    parser.push(BEYOND);
    await parser.prepare();
    expect(loaded()).toBe(true);
    parser.finish();
    expect(parser.snapshot()).toEqual({ base: 3, copy: 3 });
  });
});
