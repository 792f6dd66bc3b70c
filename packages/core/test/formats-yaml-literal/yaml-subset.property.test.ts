import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Lexer, parseDocument, stringify as stringifyYaml } from 'yaml';
import { parseYamlText } from '../../src/formats/yaml-literal/parse-yaml-text';
import { nestsTooDeep } from '../../src/formats/yaml-literal/yaml-nesting-guard';
import { parseYamlSubsetText } from '../../src/formats/yaml-literal/yaml-subset-parser';
import { exactly, nearSubsetDocument } from './near-subset-documents';

/** The options `parseYamlText` gives the package (YAML 1.2 core schema, duplicate keys, no merge keys). */
const PACKAGE_OPTIONS = { version: '1.2', schema: 'core', uniqueKeys: false, merge: false } as const;

/** What the `yaml` package makes of `text`: the exact value, or `error`. */
function byPackage(text: string): string {
  try {
    const document = parseDocument(text, { ...PACKAGE_OPTIONS, logLevel: 'error' });
    return document.errors.length > 0 ? 'error' : exactly(document.toJS({ maxAliasCount: 100 }));
  } catch {
    return 'error';
  }
}

/**
 * Runs the differential property over `documents`: whenever the fast reader takes a text, the
 * package reads it without error to the very same value (key order, `-0`, `NaN` included), and the
 * nesting guard would have let it through. Returns how many texts the fast reader took.
 */
function checkAgainstPackage(documents: fc.Arbitrary<string>, numRuns: number): number {
  let taken = 0;
  fc.assert(
    fc.property(documents, (text) => {
      const fast = parseYamlSubsetText(text);
      if (fast === undefined) return;
      taken++;
      expect(exactly(fast.value)).toBe(byPackage(text));
      expect(nestsTooDeep(text, Lexer)).toBe(false);
    }),
    { numRuns },
  );
  return taken;
}

describe('the YAML subset read without the yaml package', () => {
  it('reads documents in the subset exactly as the yaml package does', () => {
    const taken = checkAgainstPackage(nearSubsetDocument(false), 1500);
    expect(taken).toBeGreaterThan(300); // the property is not vacuous
  });

  it('leaves documents near the subset to the package, or reads them exactly as it does', () => {
    const taken = checkAgainstPackage(nearSubsetDocument(true), 1500);
    expect(taken).toBeGreaterThan(50);
  });

  it('reads what the yaml package writes (literal blocks, flow, quoting) as the package reads it', () => {
    const data = fc.dictionary(
      fc.string({ maxLength: 8 }),
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }),
        fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => `${text}\n${text}\n`),
      ),
      { minKeys: 1, maxKeys: 6 },
    );
    const options = fc.constantFrom(
      { version: '1.2' as const },
      { version: '1.2' as const, blockQuote: 'literal' as const, lineWidth: 0 },
      { version: '1.2' as const, defaultStringType: 'QUOTE_DOUBLE' as const, defaultKeyType: 'PLAIN' as const },
      { version: '1.2' as const, collectionStyle: 'flow' as const },
      { version: '1.2' as const, indent: 4, indentSeq: false },
    );
    const documents = fc.tuple(data, options).map(([value, option]) => stringifyYaml(value, option));
    const taken = checkAgainstPackage(documents, 400);
    expect(taken).toBeGreaterThan(100);
  });

  it('reads the YAML our instructions ask for', () => {
    const answer = [
      'title: "Release notes & <b>highlights</b> 🚀"',
      'summary: |-  # several paragraphs',
      '  First line with `code` and a: colon',
      '',
      '  ```ts',
      '  const x = items.reduce((sum, item) => sum + item.qty, 0); // </field>',
      '  ```',
      'score: 7',
      'approved: true',
      'ratio: -1.5e3',
      'answer: no',
      'items:',
      '  - name: "bolt"',
      '    note: |',
      '      tab\tstop',
      '    qty: 4',
      '    tags: ["a", "x & y"]',
      '  - name: nut',
      '    qty: .5',
      '    tags: []',
      'closing: |+',
      '  bye',
      '',
    ].join('\n');
    const expected = {
      title: 'Release notes & <b>highlights</b> 🚀',
      summary:
        'First line with `code` and a: colon\n\n```ts\nconst x = items.reduce((sum, item) => sum + item.qty, 0); // </field>\n```',
      score: 7,
      approved: true,
      ratio: -1500,
      answer: 'no',
      items: [
        { name: 'bolt', note: 'tab\tstop\n', qty: 4, tags: ['a', 'x & y'] },
        { name: 'nut', qty: 0.5, tags: [] },
      ],
      closing: 'bye\n',
    };
    expect(parseYamlSubsetText(answer)).toEqual({ value: expected });
    expect(exactly(expected)).toBe(byPackage(answer));
  });

  it.each([
    ['an anchor and an alias', 'a: &x 1\nb: *x'],
    ['a tag', 'a: !!str 1'],
    ['a folded block', 'a: >\n  text'],
    ['an indentation indicator', 'a: |2\n   text'],
    ['a plain scalar over two lines', 'a: one\n  two'],
    ['a quoted scalar over two lines', 'a: "one\n  two"'],
    ['a flow collection over two lines', 'a: [1,\n  2]'],
    ['a tab in the indentation', 'a:\n\t- 1'],
    ['a tab after a value', 'a: 1\t'],
    ['an explicit key', '? a\n: 1'],
    ['a key that is not a string', '1: a'],
    ['a merge key', '<<: {a: 1}'],
    ['a directive', '%YAML 1.2\n---\na: 1'],
    ['a document marker', '---\na: 1'],
    ['a lone carriage return', 'a: 1\rb: 2'],
    ['a byte order mark', '\uFEFFa: 1'],
    ['an empty document', '# only a comment\n'],
    ['a literal block ended by a comment', 'a: |\n  text\n# comment\nb: 1'],
    ['a keep block without content', 'a: |+\n\nb: 1'],
    ['a leading line of spaces wider than the block', 'a: |\n     \n  text'],
    ['a trailing line of spaces wider than the block', 'a: |\n  text\n     \nb: 1'],
    ['an unknown escape', 'a: "\\q"'],
    ['a pair in a flow sequence', 'a: [b: 1]'],
    ['a trailing comma in a flow sequence', 'a: [1, 2,]'],
  ])('leaves %s to the package', (_name, text) => {
    expect(parseYamlSubsetText(text)).toBeUndefined();
  });

  it('leaves a text the nesting guard would refuse to the package, which refuses it as before', () => {
    // 65 levels indented by two spaces: the guard measures 2 × 130 + 1 > 256 and refuses.
    const lines = Array.from({ length: 66 }, (_, level) => `${'  '.repeat(level)}k${level}:`);
    const text = `${lines.join('\n')} 1\n`;
    expect(nestsTooDeep(text, Lexer)).toBe(true);
    expect(parseYamlSubsetText(text)).toBeUndefined();
    expect(parseYamlText(text)).toEqual({
      ok: false,
      reason: 'the YAML nests deeper than 256 levels, too deep to parse',
      limit: true,
    });
  });
});
