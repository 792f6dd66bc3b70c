import type { FormatName, OutputDefinition } from '@fieldstream/core';
import { isStringField } from '../../../../packages/core/src/schema/select-format';

/**
 * Writes data in a format's wire shape (docs/formats.md §2–§6), the way a well-behaved model would: the
 * playground's answers for every format a preset was not hand-written in. Deterministic.
 */
export function renderAnswer(data: unknown, format: FormatName, output: OutputDefinition | undefined): string {
  if (typeof data === 'string') return data;
  if (format === 'json' || data === null || typeof data !== 'object' || Array.isArray(data)) {
    return JSON.stringify(data, null, 2);
  }
  const entries = Object.entries(data as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const isText = (key: string, value: unknown): boolean => {
    const node = output?.root.kind === 'object' ? output.root.fields.get(key) : undefined;
    return node === undefined ? typeof value === 'string' : isStringField(node);
  };
  switch (format) {
    case 'hybrid':
      // A null text field is written under a `[JSON]` header: bare `null` would read as the text "null".
      return entries
        .map(
          ([key, value]) =>
            `### ${key}${value === null ? ' [JSON]' : ''}\n${isText(key, value) ? value : fenced(value)}\n`,
        )
        .join('\n');
    case 'flat_markdown':
      return entries
        .map(([key, value]) => `### ${key}\n${isText(key, value) ? value : JSON.stringify(value)}\n`)
        .join('\n');
    case 'xml_field':
      return [
        '<agently_output>',
        ...entries.map(([key, value]) =>
          isText(key, value)
            ? `<field name="${key}" type="text">\n${value}\n</field>`
            : `<field name="${key}" type="json">${JSON.stringify(value)}</field>`,
        ),
        '</agently_output>',
      ].join('\n');
    case 'yaml_literal':
      return [
        '<<<BEGIN AGENTLY_YAML>>>',
        ...entries.map(([key, value]) => yamlEntry(key, value)),
        '<<<END AGENTLY_YAML>>>',
      ].join('\n');
    case 'text':
      return entries
        .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
        .join('\n');
  }
}

function fenced(value: unknown): string {
  return `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
}

/** Multi-line strings as literal blocks (`|` keeps one trailing newline, `|-` none); the rest as JSON flow. */
function yamlEntry(key: string, value: unknown): string {
  if (typeof value !== 'string' || !value.includes('\n')) return `${key}: ${JSON.stringify(value)}`;
  const keepsNewline = value.endsWith('\n');
  const body = keepsNewline ? value.slice(0, -1) : value;
  const lines = body.split('\n').map((line) => (line === '' ? '' : `  ${line}`));
  return `${key}: ${keepsNewline ? '|' : '|-'}\n${lines.join('\n')}`;
}

/**
 * The data a correct parse of {@link renderAnswer}'s text (or the recorded answer) yields: the text
 * formats trim their top-level text fields; `text` yields the answer itself.
 */
export function expectedData(data: unknown, format: FormatName, output: OutputDefinition | undefined): unknown {
  if (format === 'text') return typeof data === 'string' ? data : renderAnswer(data, 'text', output);
  if (format === 'json' || format === 'yaml_literal' || data === null || typeof data !== 'object') return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}
