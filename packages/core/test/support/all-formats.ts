// Every format by name, for tests that run the same check over all of them. The package itself
// has no such table: only json and text are built in (src/formats/format-registry.ts).
import { flatMarkdownFormat } from '../../src/formats/flat-markdown/index';
import type { FormatDefinition } from '../../src/formats/format-parser';
import { hybridFormat } from '../../src/formats/hybrid/index';
import { jsonFormat } from '../../src/formats/json/index';
import { textFormat } from '../../src/formats/text/index';
import { xmlFieldFormat } from '../../src/formats/xml-field/index';
import { yamlLiteralFormat } from '../../src/formats/yaml-literal/index';
import type { FormatName } from '../../src/schema/select-format';

export const formats: Readonly<Record<FormatName, FormatDefinition>> = {
  json: jsonFormat,
  hybrid: hybridFormat,
  xml_field: xmlFieldFormat,
  yaml_literal: yamlLiteralFormat,
  flat_markdown: flatMarkdownFormat,
  text: textFormat,
};

/** The formats a test run registers globally (test/support/register-formats.ts). */
export const optionalFormats = [hybridFormat, xmlFieldFormat, yamlLiteralFormat, flatMarkdownFormat] as const;
