// Formats beyond json and text are passed in or registered (decision 0013). The suite's setup file
// registers them all, so each test here loads a fresh copy of the package: nothing registered.
import { scriptedModel } from '@fieldstream/core/testing';
import { describe, expect, it, vi } from 'vitest';

type Core = typeof import('../../src/index');

async function freshCore(): Promise<Core> {
  vi.resetModules();
  return import('../../src/index');
}

const OPTIONAL = [
  ['hybrid', 'hybridFormat'],
  ['xml_field', 'xmlFieldFormat'],
  ['yaml_literal', 'yamlLiteralFormat'],
  ['flat_markdown', 'flatMarkdownFormat'],
] as const;

/** The error a call throws, for exact assertions. */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

describe('format registration', () => {
  it('json and text are built in: nothing to import or register', async () => {
    const core = await freshCore();
    expect(core.parseOutput('{"a": 1}', { format: 'json' })).toEqual({ a: 1 });
    expect(core.parseOutput('plain words', { format: 'text' })).toBe('plain words');
    const parser = core.createStreamParser({ format: 'json' });
    parser.push('[1, 2]');
    parser.finish();
    expect(parser.snapshot()).toEqual([1, 2]);
  });

  it('every optional format, named but not registered, fails at each entry point with FORMAT_NOT_REGISTERED', async () => {
    const core = await freshCore();
    const model = scriptedModel({ answers: ['{}'] });
    for (const [name, definition] of OPTIONAL) {
      const calls: [string, () => unknown][] = [
        ['createStreamParser options.format', () => core.createStreamParser({ format: name })],
        ['parseOutput options.format', () => core.parseOutput('x', { format: name })],
        [
          'createResponse options.format',
          () => core.createResponse({ model, input: 'x', format: name, output: SCHEMA(core) }),
        ],
      ];
      for (const [where, call] of calls) {
        const error = thrown(call);
        expect(error).toBeInstanceOf(core.FormatNotRegisteredError);
        expect(error).toBeInstanceOf(core.ArgumentError);
        expect(error).toMatchObject({ code: 'FORMAT_NOT_REGISTERED', format: name, argument: where });
        expect((error as Error).message).toBe(
          `${where}: the ${name} format is not registered. Import its definition and pass it along — ` +
            `formats: [${definition}] — or register it once at start-up: registerFormat(${definition}) ` +
            `(both from '@fieldstream/core'). Only json and text are built in.`,
        );
      }
    }
  });

  it('auto picks among the available formats: json when the shape suggests one not registered', async () => {
    const core = await freshCore();
    // strings and a typed field: the shape suggests hybrid.
    const mixed = core.defineOutput({ summary: ['string', 'a summary'], score: ['integer', '0-10'] });
    expect(core.selectFormat(mixed)).toBe('hybrid');
    expect(core.createStreamParser({ format: 'auto', output: mixed }).format).toBe('json');
    expect(core.createStreamParser({ format: 'auto', output: mixed, formats: [core.hybridFormat] }).format).toBe(
      'hybrid',
    );
    const response = core.createResponse({
      model: scriptedModel({ answers: ['{"summary": "ok", "score": 3}'] }),
      input: 'x',
      output: mixed,
    });
    const formats: string[] = [];
    response.subscribe((event) => {
      if (event.type === 'attempt') formats.push(event.format);
    });
    expect(await response.getData()).toEqual({ summary: 'ok', score: 3 });
    expect(formats).toEqual(['json']);
    core.registerFormat(core.hybridFormat);
    expect(core.createStreamParser({ format: 'auto', output: mixed }).format).toBe('hybrid');
    // a schema auto answers in json needs nothing.
    const nested = core.defineOutput({ meta: { score: ['integer', '0-10'] } });
    expect(core.parseOutput('{"meta": {"score": 3}}', { format: 'auto', output: nested })).toEqual({
      meta: { score: 3 },
    });
  });

  it('formats passed to a call serve that call only', async () => {
    const core = await freshCore();
    const text = '### summary\nAll good.\n';
    const output = core.defineOutput({ summary: ['string', 'a summary'] });
    expect(core.parseOutput(text, { format: 'hybrid', output, formats: [core.hybridFormat] })).toEqual({
      summary: 'All good.',
    });
    const parser = core.createStreamParser({ format: 'hybrid', output, formats: [core.hybridFormat] });
    parser.push(text);
    parser.finish();
    expect(parser.snapshot()).toEqual({ summary: 'All good.' });
    expect(thrown(() => core.parseOutput(text, { format: 'hybrid', output }))).toBeInstanceOf(
      core.FormatNotRegisteredError,
    );
  });

  it('a response with formats: [hybridFormat] asks for, streams and parses hybrid', async () => {
    const core = await freshCore();
    const output = core.defineOutput({ summary: ['string', 'a summary'], score: ['integer', '0-10'] });
    const model = scriptedModel({ answers: ['### summary\nAll good.\n\n### score\n```json\n7\n```\n'] });
    const response = core.createResponse({ model, input: 'x', output, formats: [core.hybridFormat] });
    expect(await response.getData()).toEqual({ summary: 'All good.', score: 7 });
    expect((await response.getMeta()).resolvedFormat).toBe('hybrid');
  });

  it('registerFormat makes a name work everywhere afterwards', async () => {
    const core = await freshCore();
    core.registerFormat(core.xmlFieldFormat, core.yamlLiteralFormat);
    const output = core.defineOutput({ title: ['string', 'a title'] });
    expect(
      core.parseOutput('<agently_output><field name="title" type="text">Hi</field></agently_output>', {
        format: 'xml_field',
        output,
      }),
    ).toEqual({
      title: 'Hi',
    });
    expect(
      core.parseOutput('<<<BEGIN AGENTLY_YAML>>>\ntitle: Hi\n<<<END AGENTLY_YAML>>>', {
        format: 'yaml_literal',
        output,
      }),
    ).toEqual({ title: 'Hi' });
    expect(thrown(() => core.parseOutput('x', { format: 'flat_markdown', output }))).toMatchObject({
      format: 'flat_markdown',
    });
  });
});

function SCHEMA(core: Core) {
  return core.defineOutput({ title: ['string', 'a title'], count: ['integer', 'a count'] });
}
