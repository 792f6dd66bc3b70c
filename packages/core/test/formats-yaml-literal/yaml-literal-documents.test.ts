import { createStreamParser, OutputParseError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { expectChunkingInvariance, finalValueOrError, streamChunks } from '../support/format-streams';
import { documents, output } from './documents';

describe('yaml_literal documents', () => {
  for (const document of documents) {
    describe(document.name, () => {
      it('parses to its final value', () => {
        expect(finalValueOrError('yaml_literal', output, document.text)).toEqual(document.value);
        if (document.value === 'error') {
          const parse = () => parseOutputDetailed(document.text, { format: 'yaml_literal', output });
          expect(parse).toThrow(OutputParseError);
          expect(parse).toThrow(document.error as string);
        } else {
          const detailed = parseOutputDetailed(document.text, { format: 'yaml_literal', output });
          expect(detailed.repaired).toBe(document.repaired ?? false);
          expect(detailed.format).toBe('yaml_literal');
        }
      });

      it('streams the same merged events under every chunking', () => {
        expectChunkingInvariance('yaml_literal', output, document.text);
      });

      if (document.value === 'error') return;
      it('ends with a snapshot equal to the final parse', () => {
        const parser = createStreamParser({ format: 'yaml_literal', output });
        parser.push(document.text);
        parser.finish();
        expect(parser.snapshot()).toEqual(document.value);
      });

      it('streams, before its end, every value the final parse has', () => {
        // With the end marker followed by a line break, every entry completes while streaming.
        const { streamed } = streamChunks('yaml_literal', output, [`${document.text}\n`]);
        expect(streamed).toEqual('streamed' in document ? document.streamed : document.value);
      });
    });
  }
});
