import type { ContractDefinition, ContractField } from './contract-types';

/** The contract as prompt text: statuses with their meaning, fields, enum definitions and rules. */
export function contractInstructions<Data>(contract: ContractDefinition<Data>): string {
  const lines = [
    `Answer under the output contract "${contract.name}" version ${contract.version}.`,
    `Write "schema_version": "${contract.version}". Every key below must be present: write null for an unknown value and [] for an empty list; never leave a key out.`,
    '',
    'status: choose exactly one',
    ...Object.entries(contract.statuses).map(
      ([name, status]) =>
        `- ${name}: ${status.meaning}${status.kind === 'system' ? ' (a system fault, not a business outcome)' : ''}`,
    ),
    '',
    'fields:',
    ...Object.entries(contract.fields).flatMap(([key, field]) => fieldLines(key, field, '')),
  ];
  const rules = contract.rules ?? [];
  if (rules.length > 0) {
    lines.push(
      '',
      'rules:',
      ...rules.map(
        (rule) => `- ${rule.description}${rule.statuses ? ` (when status is ${rule.statuses.join(' or ')})` : ''}`,
      ),
    );
  }
  return lines.join('\n');
}

function fieldLines(key: string, field: ContractField, indent: string): string[] {
  const notes = [typeName(field), field.nullable ? 'may be null' : '', field.optional ? 'optional' : '']
    .filter(Boolean)
    .join(', ');
  const head = `${indent}- ${key} (${notes}): ${field.description}`;
  if (field.type === 'enum') {
    return [head, ...Object.entries(field.values).map(([value, meaning]) => `${indent}  - ${value}: ${meaning}`)];
  }
  if (field.type === 'object') {
    return [head, ...Object.entries(field.fields).flatMap(([child, sub]) => fieldLines(child, sub, `${indent}  `))];
  }
  if (field.type === 'array' && field.items.type === 'object') {
    return [
      head,
      ...Object.entries(field.items.fields).flatMap(([child, sub]) => fieldLines(child, sub, `${indent}  `)),
    ];
  }
  return [head];
}

function typeName(field: ContractField): string {
  if (field.type === 'array') return `list of ${field.items.type === 'object' ? 'objects' : field.items.type}`;
  return field.type === 'enum' ? 'one of the values below' : field.type;
}
