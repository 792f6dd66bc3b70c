import { describe, expect, it } from 'vitest';
import { createStreamParser } from '../../src/formats/create-stream-parser';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { defineOutput } from '../../src/schema/define-output';

// docs/formats.md, "A lone fence line at the very end": dropped when it opens nothing (a wrapper's
// closer), content when text follows it. The stream and the final parse agree, in any chunking.
const output = defineOutput({ title: ['string'], body: ['string'] });

function both(format: 'hybrid' | 'flat_markdown', text: string, size: number) {
  const parser = createStreamParser({ format, output });
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
  parser.finish();
  return { final: parseOutputDetailed(text, { format, output }).value, streamed: parser.snapshot() };
}

describe.each(['hybrid', 'flat_markdown'] as const)('%s: a lone fence line at the end', (format) => {
  it.each([
    ['### title\nabc\n```', { title: 'abc' }],
    ['### title\nabc\n```\n\n', { title: 'abc' }],
    ['### title\nabc\n~~~', { title: 'abc' }],
    ['### title\nabc\n```python', { title: 'abc' }],
    ['```markdown\n### title\nabc\n```', { title: 'abc' }],
    ['### title\nx\n### body\nabc\n```', { title: 'x', body: 'abc' }],
    ['### title\nabc\n```\nmore', { title: 'abc\n```\nmore' }],
    ['### title\nabc\n```\n### body\nx', { title: 'abc\n```\n### body\nx' }],
  ])('%j → %j', (text, value) => {
    for (const size of [1, 2, 5, 1000]) expect(both(format, text, size)).toEqual({ final: value, streamed: value });
  });
});
