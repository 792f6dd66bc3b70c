import type { ContractDefinition, ContractField } from './contract-types';

export type ChangeLevel = 'patch' | 'minor' | 'major';

/** One difference between two contract versions and whom it breaks. */
export type ContractChange = { path: string; level: ChangeLevel; message: string; breaks: readonly string[] };

export type CompatibilityReport = {
  /** The highest level of any change (`none` when the contracts are the same). */
  level: ChangeLevel | 'none';
  changes: readonly ContractChange[];
  /** Consumers at least one change breaks. */
  breakingConsumers: readonly string[];
  /** The version bump from `previous` to `next` is at least the level needed. */
  versionBumpOk: boolean;
};

const RANK = { none: 0, patch: 1, minor: 2, major: 3 } as const;

/**
 * Compares two versions of a contract. Adding an optional (display) field or a status is minor;
 * removing a field, a status or an enum value, changing a type, a meaning, or a consumer's action
 * is major, and breaks each consumer that reads what changed.
 */
export function checkContractCompatibility<A, B>(
  previous: ContractDefinition<A>,
  next: ContractDefinition<B>,
): CompatibilityReport {
  const changes: ContractChange[] = [];
  const readers = (path: string) =>
    Object.entries(next.consumers)
      .concat(Object.entries(previous.consumers).filter(([name]) => !Object.hasOwn(next.consumers, name)))
      .filter(([, consumer]) =>
        consumer.reads.some((read) => path === read || path.startsWith(`${read}.`) || read.startsWith(`${path}.`)),
      )
      .map(([name]) => name);
  compareFields(previous.fields, next.fields, '', changes, readers);
  compareStatuses(previous, next, changes);
  const level = changes.reduce<ChangeLevel | 'none'>(
    (max, change) => (RANK[change.level] > RANK[max] ? change.level : max),
    'none',
  );
  const breakingConsumers = [...new Set(changes.flatMap((change) => change.breaks))].sort();
  return { level, changes, breakingConsumers, versionBumpOk: bumpLevel(previous.version, next.version) >= RANK[level] };
}

function compareFields(
  before: Readonly<Record<string, ContractField>>,
  after: Readonly<Record<string, ContractField>>,
  prefix: string,
  changes: ContractChange[],
  readers: (path: string) => string[],
): void {
  for (const [key, old] of Object.entries(before)) {
    const path = prefix + key;
    const now = after[key];
    if (!Object.hasOwn(after, key) || now === undefined) {
      changes.push({ path, level: 'major', message: `field ${path} was removed`, breaks: readers(path) });
      continue;
    }
    if (old.type !== now.type) {
      changes.push({
        path,
        level: 'major',
        message: `field ${path} changed type ${old.type} → ${now.type}`,
        breaks: readers(path),
      });
      continue;
    }
    if (!old.nullable && now.nullable) {
      changes.push({ path, level: 'major', message: `field ${path} may now be null`, breaks: readers(path) });
    } else if (old.nullable && !now.nullable) {
      changes.push({ path, level: 'minor', message: `field ${path} is no longer nullable`, breaks: [] });
    }
    if (old.optional && !now.optional)
      changes.push({ path, level: 'major', message: `field ${path} is now required`, breaks: [] });
    if (old.description !== now.description) {
      changes.push({ path, level: 'patch', message: `field ${path} description changed`, breaks: [] });
    }
    if (old.type === 'enum' && now.type === 'enum') {
      for (const [value, meaning] of Object.entries(old.values)) {
        if (!Object.hasOwn(now.values, value)) {
          changes.push({
            path,
            level: 'major',
            message: `enum value ${path}=${value} was removed`,
            breaks: readers(path),
          });
        } else if (now.values[value] !== meaning) {
          changes.push({
            path,
            level: 'major',
            message: `enum value ${path}=${value} changed meaning`,
            breaks: readers(path),
          });
        }
      }
      for (const value of Object.keys(now.values)) {
        if (!Object.hasOwn(old.values, value))
          changes.push({ path, level: 'minor', message: `enum value ${path}=${value} was added`, breaks: [] });
      }
    }
    if (old.type === 'object' && now.type === 'object')
      compareFields(old.fields, now.fields, `${path}.`, changes, readers);
    if (old.type === 'array' && now.type === 'array' && old.items.type === 'object' && now.items.type === 'object') {
      compareFields(old.items.fields, now.items.fields, `${path}.`, changes, readers);
    }
  }
  for (const [key, field] of Object.entries(after)) {
    if (Object.hasOwn(before, key)) continue;
    const path = prefix + key;
    changes.push(
      field.optional
        ? { path, level: 'minor', message: `optional field ${path} was added`, breaks: [] }
        : { path, level: 'major', message: `required field ${path} was added`, breaks: [] },
    );
  }
}

function compareStatuses<A, B>(
  previous: ContractDefinition<A>,
  next: ContractDefinition<B>,
  changes: ContractChange[],
): void {
  for (const [name, old] of Object.entries(previous.statuses)) {
    const now = next.statuses[name];
    const path = `status=${name}`;
    if (!now) {
      changes.push({ path, level: 'major', message: `status ${name} was removed`, breaks: Object.keys(old.actions) });
      continue;
    }
    if (old.meaning !== now.meaning || old.kind !== now.kind) {
      changes.push({
        path,
        level: 'major',
        message: `status ${name} changed meaning`,
        breaks: Object.keys(now.actions),
      });
    }
    for (const [consumer, action] of Object.entries(old.actions)) {
      if (now.actions[consumer] !== action) {
        changes.push({
          path,
          level: 'major',
          message: `${consumer}'s action on status ${name} changed`,
          breaks: [consumer],
        });
      }
    }
  }
  for (const name of Object.keys(next.statuses)) {
    if (!Object.hasOwn(previous.statuses, name)) {
      changes.push({ path: `status=${name}`, level: 'minor', message: `status ${name} was added`, breaks: [] });
    }
  }
}

/** 3 for a major bump, 2 minor, 1 patch, 0 none (or a downgrade). */
function bumpLevel(from: string, to: string): number {
  const [a, b] = [parseVersion(from), parseVersion(to)];
  if (b[0] !== a[0]) return b[0] > a[0] ? 3 : 0;
  if (b[1] !== a[1]) return b[1] > a[1] ? 2 : 0;
  return b[2] > a[2] ? 1 : 0;
}

function parseVersion(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return [major, minor, patch];
}
