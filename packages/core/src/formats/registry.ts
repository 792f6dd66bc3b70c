import type { FormatName } from '../schema/select-format';
import { flatMarkdownFormat } from './flat-markdown/index';
import type { FormatDefinition } from './format-parser';
import { hybridFormat } from './hybrid/index';
import { jsonFormat } from './json/index';
import { textFormat } from './text/index';
import { xmlFieldFormat } from './xml-field/index';
import { yamlLiteralFormat } from './yaml-literal/index';

/** Every format by name. */
export const formats: Readonly<Record<FormatName, FormatDefinition>> = {
  json: jsonFormat,
  hybrid: hybridFormat,
  xml_field: xmlFieldFormat,
  yaml_literal: yamlLiteralFormat,
  flat_markdown: flatMarkdownFormat,
  text: textFormat,
};
