/**
 * The benchmark blocks of docs/benchmarks.md, written by `npm run bench` (never by hand): between
 * two markers, a line about the latest run, then one block per suite with the date, Node version
 * and machine of the run that produced it. A run rewrites the blocks of the suites it ran and
 * keeps the others. The README carries no figures; it links to that document.
 */

/** The document the blocks live in, from the repository root. */
export const BENCHMARKS_DOC = 'docs/benchmarks.md';

export const SECTION_BEGIN = '<!-- bench:begin — written by `npm run bench`; edit bench/, not this block -->';
export const SECTION_END = '<!-- bench:end -->';

/** One suite's printed tables from this run. */
export type SuiteOutput = { name: string; markdown: string };

const blockPattern = /<!-- bench:suite (\S+) -->\n([\s\S]*?)<!-- \/bench:suite \1 -->/g;

/**
 * Returns `doc` with its benchmark section updated: blocks of the suites in `ran` replaced (or
 * added), other blocks kept, in suite-name order. Throws when the markers are missing.
 */
export function updateBenchSection(doc: string, environment: string, ran: readonly SuiteOutput[]): string {
  const begin = doc.indexOf(SECTION_BEGIN);
  const end = doc.indexOf(SECTION_END);
  if (begin < 0 || end < begin)
    throw new Error(`${BENCHMARKS_DOC} lacks the ${SECTION_BEGIN} … ${SECTION_END} markers`);
  const inside = doc.slice(begin + SECTION_BEGIN.length, end);
  const blocks = new Map<string, string>();
  for (const match of inside.matchAll(blockPattern)) blocks.set(match[1] as string, match[2] as string);
  for (const suite of ran) blocks.set(suite.name, `_${environment}_\n\n${suite.markdown.trim()}\n`);
  const body = [...blocks.keys()]
    .sort()
    .map((name) => `<!-- bench:suite ${name} -->\n${blocks.get(name)}<!-- /bench:suite ${name} -->`)
    .join('\n\n');
  const latest = `Latest run: ${environment}; suites ${ran.map((suite) => suite.name).join(', ')}.`;
  return `${doc.slice(0, begin)}${SECTION_BEGIN}\n${latest}\n\n${body}\n${doc.slice(end)}`;
}
