import { appendSegment } from '../../patch/path';
import type { ContractDefinition, ContractField, ContractRuleContext, ContractViolation } from './contract-types';

/**
 * Checks an output against a contract: `schema_version`, `status`, every field's presence, type,
 * enum value and nullability, no unknown keys, then the program rules. Returns every violation.
 */
export function validateContractOutput<Data>(
  contract: ContractDefinition<Data>,
  output: unknown,
  context: ContractRuleContext = {},
): ContractViolation[] {
  const violations: ContractViolation[] = [];
  if (!isRecord(output)) return [{ path: '', rule: 'shape', message: 'the output must be an object' }];
  if (output.schema_version !== contract.version) {
    violations.push({
      path: 'schema_version',
      rule: 'version',
      message: `schema_version must be ${JSON.stringify(contract.version)}, got ${JSON.stringify(output.schema_version)}`,
    });
  }
  if (typeof output.status !== 'string' || !Object.hasOwn(contract.statuses, output.status)) {
    const allowed = Object.keys(contract.statuses).join(', ');
    violations.push({
      path: 'status',
      rule: 'status',
      message: `status must be one of ${allowed}, got ${JSON.stringify(output.status)}`,
    });
  }
  checkObject(contract.fields, output, '', violations, new Set(['schema_version', 'status']));
  if (violations.length > 0) return violations;
  for (const rule of contract.rules ?? []) {
    if (rule.statuses && !rule.statuses.includes(output.status as string)) continue;
    const verdict = rule.check(output as Data, context);
    if (verdict !== true) {
      violations.push({ path: '', rule: rule.name, message: typeof verdict === 'string' ? verdict : rule.description });
    }
  }
  return violations;
}

// Recursion follows the contract's own nesting (written by hand), not the output's.
function checkObject(
  fields: Readonly<Record<string, ContractField>>,
  value: Record<string, unknown>,
  path: string,
  violations: ContractViolation[],
  reserved: ReadonlySet<string> = new Set(),
): void {
  for (const [key, field] of Object.entries(fields)) {
    const fieldPath = appendSegment(path, key);
    if (!Object.hasOwn(value, key)) {
      if (!field.optional)
        violations.push({
          path: fieldPath,
          rule: 'required',
          message: `${fieldPath} is missing (use null or [] for absence)`,
        });
      continue;
    }
    checkField(field, value[key], fieldPath, violations);
  }
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(fields, key) && !reserved.has(key)) {
      const keyPath = appendSegment(path, key);
      violations.push({ path: keyPath, rule: 'unknown_key', message: `${keyPath} is not in the contract` });
    }
  }
}

function checkField(field: ContractField, value: unknown, path: string, violations: ContractViolation[]): void {
  if (value === null) {
    if (!field.nullable) violations.push({ path, rule: 'not_nullable', message: `${path} must not be null` });
    return;
  }
  const wrong = (expected: string) =>
    violations.push({ path, rule: 'type', message: `${path} must be ${expected}, got ${describe(value)}` });
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') wrong('a string');
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) wrong('a number');
      return;
    case 'integer':
      if (!Number.isInteger(value)) wrong('an integer');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') wrong('a boolean');
      return;
    case 'enum':
      if (typeof value !== 'string' || !Object.hasOwn(field.values, value)) {
        violations.push({
          path,
          rule: 'enum',
          message: `${path} must be one of ${Object.keys(field.values).join(', ')}, got ${JSON.stringify(value)}`,
        });
      }
      return;
    case 'array':
      if (!Array.isArray(value)) wrong('a list');
      else
        for (const [index, item] of value.entries())
          checkField(field.items, item, appendSegment(path, index), violations);
      return;
    case 'object':
      if (!isRecord(value)) wrong('an object');
      else checkObject(field.fields, value, path, violations);
      return;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
