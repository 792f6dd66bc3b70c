import type { SectionHeader, SectionHeaderMatcher } from './markdown-sections-header';
import { MarkdownSectionScanner, type MarkdownSectionSink } from './markdown-sections-scanner';

/** One section of a whole text: its header and its raw content (line breaks as `\n`). */
export type RawSection = { header: SectionHeader; content: string };

/**
 * Splits a whole text (line breaks already `\n`) into its sections, by the same scanner the
 * stream uses. A repeated section replaces the earlier one (last wins) but keeps its place in the
 * order of first appearance. A fence opener left open with nothing but whitespace after it at the
 * end of a section (the stray closer of an answer wrapped in a fence) is dropped, as the stream
 * never shows it.
 */
export function splitMarkdownSections(text: string, matcher: SectionHeaderMatcher): Map<string, RawSection> {
  const sections = new Map<string, RawSection>();
  let header: SectionHeader | undefined;
  let contentStart = 0;
  /** Where a still-open fence opener starts, while only whitespace has followed it. */
  let danglingOpener: number | undefined;
  const end = (contentEnd: number) => {
    if (header === undefined) return;
    const content = text.slice(contentStart, danglingOpener ?? contentEnd);
    sections.set(header.name, { header, content });
  };
  // The content of a section is the text between its header line and the next one: the pieces
  // the scanner reports in between are exactly that text, so only offsets need keeping.
  const sink: MarkdownSectionSink = {
    header(next, lineStart, start) {
      end(lineStart);
      header = next;
      contentStart = start;
      danglingOpener = undefined;
    },
    text(piece) {
      if (danglingOpener !== undefined && /\S/.test(piece)) danglingOpener = undefined;
    },
    fence(_line, role, lineStart) {
      danglingOpener = role === 'open' ? lineStart : undefined;
    },
  };
  const scanner = new MarkdownSectionScanner(matcher, sink);
  scanner.push(text);
  scanner.finish();
  end(text.length);
  return sections;
}

/**
 * A section's raw content, built from the scanner's pieces. A fence opener left open with nothing
 * but whitespace after it at the end of the section (the stray closer of an answer wrapped in a
 * fence) is dropped: the stream never shows it, so the final value must not either.
 */
export class SectionContent {
  private parts: string[] = [];
  private length = 0;
  /** Where a still-open fence opener starts, while only whitespace has followed it. */
  private danglingOpener: number | undefined;

  text(text: string): void {
    if (this.danglingOpener !== undefined && /\S/.test(text)) this.danglingOpener = undefined;
    this.add(text);
  }

  fence(line: string, role: 'open' | 'close'): void {
    this.danglingOpener = role === 'open' ? this.length : undefined;
    this.add(line);
  }

  build(): string {
    const content = this.parts.join('');
    this.parts = [content];
    return this.danglingOpener === undefined ? content : content.slice(0, this.danglingOpener);
  }

  private add(text: string): void {
    this.parts.push(text);
    this.length += text.length;
  }
}
