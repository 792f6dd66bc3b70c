/**
 * Every format's stream parser on the same logical data: documents of ~64 KB, ~256 KB and ~1 MB,
 * streamed through `createStreamParser` in seeded 1–8 character chunks, then finished (which runs
 * the one final parse). Reported per byte against the json parser on the same data, and the
 * 1 MB / 256 KB time ratio (linear ≈ 4). Targets: each format ≤ 2× json per byte, and linear.
 *
 * To add a format, add one entry to `formatCases` with a renderer for the data set.
 */
import { createStreamParser, defineOutput, type FormatName } from '@fieldstream/core';
import { chunkText, median, seededRandom } from './harness';

const output = defineOutput({
  title: ['string', 'a title'],
  summary: ['string', 'several paragraphs with code'],
  score: ['integer'],
  approved: ['boolean'],
  items: [{ name: ['string'], note: ['string'], qty: ['number'], tags: [['string']] }],
  closing: ['string', 'a closing note'],
});

type Item = { name: string; note: string; qty: number; tags: string[] };
type Data = { title: string; summary: string; score: number; approved: boolean; items: Item[]; closing: string };

type FormatCase = { format: FormatName; render(data: Data): string };

const fence = '```';
const json = (value: unknown) => JSON.stringify(value);

const formatCases: readonly FormatCase[] = [
  { format: 'json', render: (data) => `${fence}json\n${JSON.stringify(data, null, 1)}\n${fence}\n` },
  {
    format: 'hybrid',
    render: (data) =>
      [
        `### title\n${data.title}`,
        `### summary\n${data.summary}`,
        `### score\n${fence}json\n${data.score}\n${fence}`,
        `### approved\n${fence}json\n${data.approved}\n${fence}`,
        `### items\n${fence}json\n${JSON.stringify(data.items, null, 1)}\n${fence}`,
        `### closing\n${data.closing}`,
      ].join('\n\n'),
  },
  {
    format: 'flat_markdown',
    render: (data) =>
      [
        `### title\n<!-- (text) a title -->\n${data.title}`,
        `### summary\n${data.summary}`,
        `### score\n${data.score}`,
        `### approved\n${data.approved}`,
        `### items\n${JSON.stringify(data.items, null, 1)}`,
        `### closing\n${data.closing}`,
      ].join('\n\n'),
  },
  {
    format: 'xml_field',
    render: (data) =>
      [
        '<agently_output>',
        `<field name="title" type="text">${data.title}</field>`,
        `<field name="summary" type="text">\n${data.summary}\n</field>`,
        `<field name="score" type="json">${data.score}</field>`,
        `<field name="approved" type="json">${data.approved}</field>`,
        `<field name="items" type="json">\n${JSON.stringify(data.items, null, 1)}\n</field>`,
        `<field name="closing" type="text">\n${data.closing}\n</field>`,
        '</agently_output>',
      ].join('\n'),
  },
  {
    format: 'yaml_literal',
    render: (data) => {
      const block = (text: string, indent: string) => text.replace(/^/gm, indent);
      const items = data.items.map(
        (item) =>
          `  - name: ${json(item.name)}\n    note: |-\n${block(item.note, '      ')}\n    qty: ${item.qty}\n    tags: ${json(item.tags)}`,
      );
      return [
        '<<<BEGIN AGENTLY_YAML>>>',
        `title: ${json(data.title)}`,
        `summary: |-\n${block(data.summary, '  ')}`,
        `score: ${data.score}`,
        `approved: ${data.approved}`,
        `items:\n${items.join('\n')}`,
        `closing: |-\n${block(data.closing, '  ')}`,
        '<<<END AGENTLY_YAML>>>',
      ].join('\n');
    },
  },
];

const WORDS = ['stream', 'field', 'parser', 'delta', 'schema', 'render', 'chunk', 'token', 'value', 'path'];
const EXTRAS = ['a & b', '<b>bold</b>', '"quoted"', '日本語のテキスト', '🚀', 'x < y', '`code`', 'tab\tstop'];

/** Prose with Markdown, code blocks and `###` look-alikes, about `size` characters. */
function prose(random: () => number, size: number): string {
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const roll = random();
    let line: string;
    if (roll < 0.05)
      line = `${fence}ts\nconst total = items.reduce((sum, item) => sum + item.qty, 0); // </field>\n${fence}`;
    else if (roll < 0.08) line = '### a heading that is not a field';
    else {
      const words: string[] = [];
      for (let i = 0; i < 12; i++) {
        words.push(
          random() < 0.15
            ? (EXTRAS[Math.floor(random() * EXTRAS.length)] as string)
            : (WORDS[Math.floor(random() * WORDS.length)] as string),
        );
      }
      line = words.join(' ');
    }
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

/** A data set whose json rendering is about `bytes` long: half prose, half records. */
function dataOfSize(bytes: number, seed: number): Data {
  const random = seededRandom(seed);
  const items: Item[] = [];
  let itemBytes = 0;
  while (itemBytes < bytes / 2) {
    const item = {
      name: `item ${items.length} ${WORDS[items.length % WORDS.length]}`,
      note: prose(random, 60).replace(/\n/g, ' '),
      qty: Math.round(random() * 10_000) / 100,
      tags: [WORDS[Math.floor(random() * WORDS.length)] as string, 'x & y'],
    };
    items.push(item);
    itemBytes += json(item).length;
  }
  return {
    title: 'Release notes & <b>highlights</b> 🚀',
    summary: prose(random, bytes * 0.4),
    score: 7,
    approved: true,
    items,
    closing: prose(random, bytes * 0.1),
  };
}

function streamOnce(format: FormatName, chunks: readonly string[]): number {
  const parser = createStreamParser({ format, output });
  let events = 0;
  for (const chunk of chunks) events += parser.push(chunk).length;
  events += parser.finish().length;
  if (parser.final === undefined) throw new Error(`${format}: the benchmark document did not parse`);
  return events;
}

/**
 * Interleaved timing: every contender once per round, so load on the machine hits all alike.
 * Returns each contender's fastest and median time (ms). The fastest run is the steadier figure
 * for CPU-bound work on a busy machine; the median is printed beside it.
 */
function timeRounds(contenders: readonly { name: string; run(): unknown }[], rounds: number) {
  const times = contenders.map(() => [] as number[]);
  for (const contender of contenders) contender.run(); // warm-up
  for (let round = 0; round < rounds; round++) {
    contenders.forEach((contender, i) => {
      const start = performance.now();
      contender.run();
      times[i]?.push(performance.now() - start);
    });
  }
  return contenders.map((contender, i) => {
    const sorted = [...(times[i] ?? [])].sort((a, b) => a - b);
    return { name: contender.name, minMs: sorted[0] ?? 0, medianMs: median(sorted) };
  });
}

export default function formatsBench(): void {
  const sizes = [
    { label: '64 KB', bytes: 64 * 1024, rounds: 21 },
    { label: '256 KB', bytes: 256 * 1024, rounds: 15 },
    { label: '1 MB', bytes: 1024 * 1024, rounds: 7 },
  ];
  type Row = { chars: number; minMs: number; medianMs: number };
  const rows = new Map<string, Row>(); // `${format} ${label}`
  for (const size of sizes) {
    const data = dataOfSize(size.bytes, 7);
    const texts = new Map<string, number>();
    const contenders = formatCases.map((formatCase, i) => {
      const text = formatCase.render(data);
      const chunks = chunkText(text, 100 + i, 1, 8);
      texts.set(formatCase.format, text.length);
      return { name: formatCase.format, run: () => streamOnce(formatCase.format, chunks) };
    });
    for (const result of timeRounds(contenders, size.rounds)) {
      rows.set(`${result.name} ${size.label}`, { chars: texts.get(result.name) as number, ...result });
    }
  }

  const nsPerChar = (row: Row, ms: number) => (ms * 1e6) / row.chars;
  console.log('\n### Formats: the same data streamed in 1–8 character chunks (push all + finish)\n');
  console.log('ns/char and × json from the fastest of the interleaved runs (median in brackets).');
  console.log('Linear: ns/char at 1 MB ÷ ns/char at 256 KB (1.00 = linear).\n');
  console.log('| format | size | chars | ms | ns / char | × json per char | linear |');
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const formatCase of formatCases) {
    for (const size of sizes) {
      const row = rows.get(`${formatCase.format} ${size.label}`) as Row;
      const json = rows.get(`json ${size.label}`) as Row;
      const ns = nsPerChar(row, row.minMs);
      const ratio = ns / nsPerChar(json, json.minMs);
      const medianRatio = nsPerChar(row, row.medianMs) / nsPerChar(json, json.medianMs);
      const at256 = rows.get(`${formatCase.format} 256 KB`) as Row;
      const linear = size.label === '1 MB' ? (ns / nsPerChar(at256, at256.minMs)).toFixed(2) : '';
      console.log(
        `| ${formatCase.format} | ${size.label} | ${row.chars} | ${row.minMs.toFixed(1)} (${row.medianMs.toFixed(1)}) | ${ns.toFixed(1)} | ${ratio.toFixed(2)} (${medianRatio.toFixed(2)}) | ${linear} |`,
      );
    }
  }
}
