import { createStreamParser, OutputParseError } from '@fieldstream/core';
import { describe, expect, it } from 'vitest';
import { parseOutputDetailed } from '../../src/formats/parse-output';
import { expectChunkingInvariance, finalValueOrError, streamChunks } from '../support/format-streams';
import { documents, output } from './documents';

describe('xml_field documents', () => {
  for (const document of documents) {
    describe(document.name, () => {
      it('parses to its final value', () => {
        expect(finalValueOrError('xml_field', output, document.text)).toEqual(document.value);
        if (document.value === 'error') {
          expect(() => parseOutputDetailed(document.text, { format: 'xml_field', output })).toThrow(OutputParseError);
        } else {
          const detailed = parseOutputDetailed(document.text, { format: 'xml_field', output });
          expect(detailed.repaired).toBe(document.repaired ?? false);
          expect(detailed.format).toBe('xml_field');
        }
      });

      it('streams the same merged events under every chunking', () => {
        expectChunkingInvariance('xml_field', output, document.text);
      });

      if (document.value === 'error') return;
      it('streams a snapshot that agrees with the final parse', () => {
        const { streamed } = streamChunks('xml_field', output, [document.text]);
        expect(streamed).toEqual('streamed' in document ? document.streamed : document.value);
        const parser = createStreamParser({ format: 'xml_field', output });
        parser.push(document.text);
        parser.finish();
        expect(parser.snapshot()).toEqual(document.value);
      });
    });
  }
});
