import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createFieldStore,
  createStreamParser,
  defineOutput,
  type FormatName,
  type StreamingData,
} from '@fieldstream/core';
import { FieldProgress, FieldText, LiveForm } from '@fieldstream/react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { open, streamText } from './support/fixtures';

/** Model text that would run code or inject markup if it were ever treated as HTML. */
export const xssCorpus: readonly string[] = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(document.cookie)</script>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  'javascript:alert(1)',
  '<a href="javascript:alert(1)">click me</a>',
  '<a href="https://evil.example" target="_blank">safe-looking link</a>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '&amp;lt;b&amp;gt;double-escaped&amp;lt;/b&amp;gt;',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<div style="position:fixed;inset:0" onclick="alert(1)">overlay</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '{{constructor.constructor("alert(1)")()}}',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
];

const output = defineOutput({ note: ['string'], tags: [['string']] });

/** The answer text putting `text` at `note` and `tags[0]`, in each format's wire shape (docs/formats.md §2–§6). */
const wire: Partial<Record<FormatName, (text: string) => string>> = {
  json: (text) => JSON.stringify({ note: text, tags: [text] }, null, 2),
  hybrid: (text) => `### note\n${text}\n\n### tags\n\`\`\`json\n${JSON.stringify([text])}\n\`\`\`\n`,
  xml_field: (text) =>
    `<agently_output>\n<field name="note" type="text">${text}</field>\n<field name="tags" type="json">${JSON.stringify([text])}</field>\n</agently_output>`,
  yaml_literal: (text) =>
    `<<<BEGIN AGENTLY_YAML>>>\nnote: |-\n  ${text}\ntags:\n  - ${JSON.stringify(text)}\n<<<END AGENTLY_YAML>>>`,
  flat_markdown: (text) => `### note\n${text}\n\n### tags\n${JSON.stringify([text])}\n`,
};

const SECTION_FORMATS = new Set<FormatName>(['hybrid', 'xml_field', 'flat_markdown']);

/** Streams a format's wire text through its parser in `size`-character chunks. */
function parsed(format: FormatName, size: number): (text: string) => StreamingData[] {
  return (text) => {
    const answer = (wire[format] as (text: string) => string)(text);
    const parser = createStreamParser({ format, output });
    const patches: StreamingData[] = [];
    for (let i = 0; i < answer.length; i += size) patches.push(...parser.push(answer.slice(i, i + size)));
    patches.push(...parser.finish());
    return patches;
  };
}

/**
 * Ways of turning text into the patches that put it at `note` and `tags[0]`: hand-built patches,
 * and every structured format's stream parser. Each must deliver the raw text unchanged.
 */
export const feeds: readonly {
  name: string;
  patchesFor(text: string): StreamingData[];
  /** Section text fields drop a leading `<!-- … -->` scaffold comment (docs/formats.md §1, normalisation). */
  stripsScaffoldComments?: boolean;
}[] = [
  {
    name: 'one character per delta',
    patchesFor: (text) => [...streamText('note', text, 1), open('tags', 'array'), ...streamText('tags[0]', text, 1)],
  },
  {
    name: 'seven characters per delta',
    patchesFor: (text) => [...streamText('note', text, 7), open('tags', 'array'), ...streamText('tags[0]', text, 7)],
  },
  {
    name: 'whole text at once',
    patchesFor: (text) => [...streamText('note', text, text.length), ...streamText('tags[0]', text, text.length)],
  },
  ...(Object.keys(wire) as FormatName[]).flatMap((format) => [
    ...[1, 7].map((size) => ({
      name: `${format} parser, ${size}-character chunks`,
      patchesFor: parsed(format, size),
      stripsScaffoldComments: SECTION_FORMATS.has(format),
    })),
  ]),
];

function renderEverything(events: readonly StreamingData[]) {
  const store = createFieldStore();
  const view = render(
    <div data-testid="root">
      <LiveForm output={output} store={store} schedule="sync" />
      <FieldProgress output={output} store={store} schedule="sync" />
    </div>,
  );
  act(() => store.apply(events));
  return view;
}

/** Tag names in document order, plus every attribute name: what our own components create. */
function shape(root: Element): string[] {
  return [...root.querySelectorAll('*')].map(
    (element) => `${element.tagName}[${element.getAttributeNames().sort().join(',')}]`,
  );
}

function assertInert(root: Element, reference: readonly string[]): void {
  expect(shape(root)).toEqual(reference);
  for (const element of root.querySelectorAll('*')) {
    for (const name of element.getAttributeNames()) {
      expect(name.startsWith('on'), `${element.tagName} has ${name}`).toBe(false);
      expect(['href', 'src', 'srcdoc', 'style', 'action', 'formaction']).not.toContain(name);
    }
  }
  expect(root.querySelectorAll('script, img, svg, iframe, a, style, math, object, embed')).toHaveLength(0);
}

describe('model text renders as inert text', () => {
  afterEach(cleanup);

  for (const feed of feeds) {
    describe(feed.name, () => {
      it.each(xssCorpus)('%s', (text) => {
        const benign = renderEverything(feed.patchesFor('plain words'));
        const reference = shape(benign.getByTestId('root'));
        benign.unmount();

        const view = renderEverything(feed.patchesFor(text));
        const root = view.getByTestId('root');
        assertInert(root, reference);
        const values = [...root.querySelectorAll('.fs-field-text')].map((element) => element.textContent);
        const note = feed.stripsScaffoldComments && /^<!--[\s\S]*-->$/.test(text) ? '' : text;
        expect(values).toEqual([note, text]);
      });
    });
  }

  it.each(xssCorpus)('<FieldText> keeps %s as its exact text', (text) => {
    const { container } = render(<FieldText value={text} />);
    expect(container.innerHTML).toBe(`<span class="fs-field-text">${escapeText(text)}</span>`);
    expect(container.textContent).toBe(text);
  });

  it('never sets HTML or builds links anywhere in the React package', () => {
    const dir = join(import.meta.dirname, '..', 'src');
    const sources = readdirSync(dir).map((file) => readFileSync(join(dir, file), 'utf8'));
    for (const source of sources) {
      expect(source).not.toMatch(/dangerouslySetInnerHTML|innerHTML|outerHTML|insertAdjacentHTML|\bhref\b|<a\s/);
    }
  });
});

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
