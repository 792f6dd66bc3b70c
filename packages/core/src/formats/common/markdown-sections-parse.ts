import { OutputParseError } from '../../errors/errors';
import { writeOwn } from '../../patch/apply-patch';
import type { FinalParse, FormatParserOptions } from '../format-parser';
import { type SectionFlavour, sectionFieldFor, sectionFieldsOf } from './markdown-sections-fields';
import { SectionHeaderMatcher } from './markdown-sections-header';
import { splitMarkdownSections } from './markdown-sections-split';
import { jsonSectionValue, textSectionValue } from './markdown-sections-values';

/**
 * The final parser of the Markdown-section formats: one `### field` section per top-level field.
 * Text before the first recognised header is ignored; a repeated section wins over the earlier
 * one; missing sections are absent. Text fields get their normalised text (or `null`, from a
 * ```json fence or a ` [JSON]` header), JSON fields their parsed value. Throws `OutputParseError` when no section is found (the caller then tries the
 * JSON fallback) or when a section is a placeholder echo or unreadable JSON.
 */
export function parseMarkdownSections(text: string, options: FormatParserOptions, flavour: SectionFlavour): FinalParse {
  const fields = sectionFieldsOf(options.output, flavour);
  const matcher = new SectionHeaderMatcher(fields?.keys());
  const sections = splitMarkdownSections(text.replaceAll('\r\n', '\n'), matcher);
  if (sections.size === 0) {
    throw new OutputParseError(flavour, 'no "### field" section header was found', { rawText: text });
  }
  const value: Record<string, unknown> = {};
  let repaired = false;
  for (const { header, content } of sections.values()) {
    const field = sectionFieldFor(fields, header.name, header.annotation);
    const result =
      field.kind === 'text'
        ? textSectionValue(content, header.annotation !== 'text')
        : jsonSectionValue(content, field, flavour, options.maxDepth);
    if (result.kind === 'rejected') throw new OutputParseError(flavour, result.reason, { rawText: text });
    if (result.kind === 'absent') continue;
    writeOwn(value, field.name, result.value);
    repaired ||= result.repaired;
  }
  return { value, repaired, format: flavour };
}
