// One renderer per format: a data set written as a model might write it in that format, with the
// prose, fences and <think> block models put around their answers. The suite runs every entry.
import type { FormatName } from '@fieldstream/core';
import type { DataSet } from './data-set';

/** How much decoration surrounds the answer (chosen at random by the property tests). */
export type Decoration = { think: boolean; preamble: boolean; fence: boolean; trailing: boolean };

export type FormatRenderer = { format: FormatName; render(data: DataSet, decoration: Decoration): string };

const fence = '```';
const THINK = '<think>\nworking it out\n</think>\n';

function wrap(answer: string, decoration: Decoration, preamble: string, trailing: string): string {
  return `${decoration.think ? THINK : ''}${decoration.preamble ? `${preamble}\n\n` : ''}${answer}${decoration.trailing ? `\n\n${trailing}` : ''}`;
}

const json: FormatRenderer = {
  format: 'json',
  render(data, decoration) {
    const body = JSON.stringify(data, null, 2);
    return wrap(decoration.fence ? `${fence}json\n${body}\n${fence}` : body, decoration, 'Here is the JSON:', 'Done.');
  },
};

const hybrid: FormatRenderer = {
  format: 'hybrid',
  render(data, decoration) {
    const sections = Object.entries(data).map(([key, value]) =>
      typeof value === 'string'
        ? `### ${key}\n${value}`
        : `### ${key}\n${decoration.fence ? `${fence}json\n` : ''}${JSON.stringify(value)}${decoration.fence ? `\n${fence}` : ''}`,
    );
    // Text after the last section would belong to it: only a JSON section can be followed by prose.
    return wrap(sections.join('\n\n'), { ...decoration, trailing: false }, 'Sure, here are the sections.', '');
  },
};

const flatMarkdown: FormatRenderer = {
  format: 'flat_markdown',
  render(data, decoration) {
    const sections = Object.entries(data).map(([key, value]) => {
      const comment = decoration.fence ? `<!-- (${typeof value}) -->\n` : '';
      const body =
        typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
      return `### ${key}\n${comment}${body}`;
    });
    return wrap(sections.join('\n\n'), { ...decoration, trailing: false }, 'The sections:', '');
  },
};

const xmlField: FormatRenderer = {
  format: 'xml_field',
  render(data, decoration) {
    const fields = Object.entries(data).map(([key, value]) => {
      if (typeof value === 'string') return `<field name="${key}" type="text">\n${value}\n</field>`;
      const body = decoration.fence ? `${fence}json\n${JSON.stringify(value)}\n${fence}` : JSON.stringify(value);
      return `<field name="${key}" type="json">${body}</field>`;
    });
    const answer = `<agently_output>\n${fields.join('\n')}\n</agently_output>`;
    return wrap(answer, decoration, 'Here are the fields:', 'Anything else?');
  },
};

/** A YAML value: text as a `|-` literal block, lists of strings and records in block style. */
function yamlEntry(key: string, value: unknown): string {
  if (typeof value === 'string') return `${key}: |-\n${value.replace(/^/gm, '  ')}`;
  if (!Array.isArray(value) || value.length === 0) return `${key}: ${JSON.stringify(value)}`;
  const items = value.map((item) => {
    if (typeof item !== 'object' || item === null) return `  - ${JSON.stringify(item)}`;
    const fields = Object.entries(item).map(([field, inner]) => `${field}: ${JSON.stringify(inner)}`);
    return `  - ${fields.join('\n    ')}`;
  });
  return `${key}:\n${items.join('\n')}`;
}

const yamlLiteral: FormatRenderer = {
  format: 'yaml_literal',
  render(data, decoration) {
    const body = Object.entries(data)
      .map(([key, value]) => yamlEntry(key, value))
      .join('\n');
    // Without markers, the first ```yaml fence holds the payload.
    const answer = decoration.fence
      ? `${fence}yaml\n${body}\n${fence}`
      : `<<<BEGIN AGENTLY_YAML>>>\n${body}\n<<<END AGENTLY_YAML>>>`;
    return wrap(answer, decoration, 'Here is the YAML:', 'Anything else?');
  },
};

/** Every format of the suite; each entry adds one format to every property test. */
export const renderers: readonly FormatRenderer[] = [json, hybrid, flatMarkdown, xmlField, yamlLiteral];
