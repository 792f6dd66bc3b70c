// docs/benchmarks.md's benchmark blocks are written by `npm run bench` (bench/run.ts → readme-section.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCHMARKS_DOC, SECTION_BEGIN, SECTION_END, updateBenchSection } from '../../../../bench/readme-section';

const doc = `# Title\n\n## Benchmarks\n\nIntro.\n\n${SECTION_BEGIN}\n${SECTION_END}\n\n## Development\n`;

describe('updateBenchSection', () => {
  it('writes the blocks of the suites that ran, dated, between the markers only', () => {
    const out = updateBenchSection(doc, 'ENV-1', [
      { name: 'json', markdown: '\n### JSON\n\n| a |\n' },
      { name: 'bundle', markdown: '### Bundle' },
    ]);
    expect(out).toBe(
      `# Title\n\n## Benchmarks\n\nIntro.\n\n${SECTION_BEGIN}\nLatest run: ENV-1; suites json, bundle.\n\n` +
        '<!-- bench:suite bundle -->\n_ENV-1_\n\n### Bundle\n<!-- /bench:suite bundle -->\n\n' +
        '<!-- bench:suite json -->\n_ENV-1_\n\n### JSON\n\n| a |\n<!-- /bench:suite json -->\n' +
        `${SECTION_END}\n\n## Development\n`,
    );
  });

  it('keeps the blocks of suites that did not run and replaces those that did', () => {
    const first = updateBenchSection(doc, 'ENV-1', [
      { name: 'json', markdown: 'old json' },
      { name: 'memory', markdown: 'old memory' },
    ]);
    const second = updateBenchSection(first, 'ENV-2', [{ name: 'memory', markdown: 'new memory' }]);
    expect(second).toContain('<!-- bench:suite json -->\n_ENV-1_\n\nold json\n<!-- /bench:suite json -->');
    expect(second).toContain('<!-- bench:suite memory -->\n_ENV-2_\n\nnew memory\n<!-- /bench:suite memory -->');
    expect(second).not.toContain('old memory');
    expect(second).toContain('Latest run: ENV-2; suites memory.');
    // Rewriting with the same output changes nothing.
    expect(updateBenchSection(second, 'ENV-2', [{ name: 'memory', markdown: 'new memory' }])).toBe(second);
  });

  it('refuses a document without the markers', () => {
    expect(() => updateBenchSection('# No section\n', 'ENV', [])).toThrow(/markers/);
  });
});

describe('docs/benchmarks.md', () => {
  it('holds the markers `npm run bench` writes between, and the README holds none', () => {
    const root = join(import.meta.dirname, '../../../..');
    const benchmarks = readFileSync(join(root, BENCHMARKS_DOC), 'utf8');
    expect(benchmarks.indexOf(SECTION_BEGIN)).toBeGreaterThan(0);
    expect(benchmarks.indexOf(SECTION_END)).toBeGreaterThan(benchmarks.indexOf(SECTION_BEGIN));
    expect(readFileSync(join(root, 'README.md'), 'utf8')).not.toContain('bench:suite');
  });
});
