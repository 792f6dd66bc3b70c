import { SchemaError } from '../errors/errors';
import { appendSegment } from '../patch/path';
import type { EnsureLevel, Literal, OutputNode, TypeName } from './schema-types';

const TYPE_NAMES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'null', 'any']);

/** Stands in for a list's item until the item is compiled (always replaced before returning). */
const PENDING_ITEM: OutputNode = { kind: 'scalar', type: 'any', description: '', ensure: undefined };

/**
 * Compiles a schema literal into {@link OutputNode}s, checking every node. Iterative over an
 * explicit stack so a deep schema cannot overflow; the first malformed node throws a
 * {@link SchemaError} naming its path.
 */
export function compileSchema(shape: unknown): OutputNode {
  type Frame = { shape: unknown; path: string; assign: (node: OutputNode) => void } | { leave: object };
  let root: OutputNode | undefined;
  const stack: Frame[] = [{ shape, path: '', assign: (node) => (root = node) }];
  // The containers on the path from the root to the node being compiled: meeting one again is a
  // cycle (which would never end). A container shared by two branches is fine.
  const ancestors = new Set<object>();
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if ('leave' in frame) {
      ancestors.delete(frame.leave);
      continue;
    }
    const { shape: current, path, assign } = frame;
    if (current !== null && typeof current === 'object') {
      if (ancestors.has(current)) throw new SchemaError(path, 'the schema is cyclic: this node contains itself');
      ancestors.add(current);
      stack.push({ leave: current });
    }
    if (Array.isArray(current)) {
      if (isArrayShape(current, path)) {
        const list: { kind: 'array'; item: OutputNode } = { kind: 'array', item: PENDING_ITEM };
        assign(list);
        stack.push({ shape: current[0], path: `${path}[*]`, assign: (item) => (list.item = item) });
      } else {
        assign(compileTuple(current, path));
      }
    } else if (current !== null && typeof current === 'object') {
      if (Object.getPrototypeOf(current) !== Object.prototype && Object.getPrototypeOf(current) !== null) {
        throw new SchemaError(path, 'expected a plain object, a [type, description?, ensure?] tuple or an [item] list');
      }
      const fields = new Map<string, OutputNode>();
      assign({ kind: 'object', fields });
      const entries = Object.entries(current);
      // Push in reverse so children compile, and are set in `fields`, in key order (errors name
      // the first bad key).
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ shape: child, path: appendSegment(path, key), assign: (node) => fields.set(key, node) });
      }
    } else {
      throw new SchemaError(
        path,
        `expected a [type, description?, ensure?] tuple, an [item] list or an object, got ${describe(current)}`,
      );
    }
  }
  return root as OutputNode;
}

/** A one-element list whose element is a list or an object is an `[item]` list. */
function isArrayShape(value: unknown[], path: string): boolean {
  if (value.length !== 1) return false;
  const item = value[0];
  if (item !== null && typeof item === 'object') {
    if (Array.isArray(item) && item.length > 0 && isLiteralList(item) && !TYPE_NAMES.has(item[0] as string)) {
      throw new SchemaError(
        path,
        `ambiguous ${JSON.stringify(value)}: write [${JSON.stringify(item)}, ''] for an enum field, or [[${JSON.stringify(item)}, '']] for a list of enum values`,
      );
    }
    return true;
  }
  return false;
}

function compileTuple(tuple: unknown[], path: string): OutputNode {
  if (tuple.length === 0 || tuple.length > 3) {
    throw new SchemaError(path, `a field tuple has 1 to 3 elements [type, description?, ensure?], got ${tuple.length}`);
  }
  const [type, description = '', ensureMark] = tuple;
  if (typeof description !== 'string')
    throw new SchemaError(path, `the description must be a string, got ${describe(description)}`);
  const ensure = compileEnsure(ensureMark, path);
  if (typeof type === 'string') {
    if (!TYPE_NAMES.has(type)) {
      throw new SchemaError(
        path,
        `unknown type ${JSON.stringify(type)}; use one of ${[...TYPE_NAMES].join(', ')} or a list of literals`,
      );
    }
    return { kind: 'scalar', type: type as TypeName, description, ensure };
  }
  if (Array.isArray(type)) {
    if (type.length === 0) throw new SchemaError(path, 'an enum needs at least one literal');
    if (!isLiteralList(type)) throw new SchemaError(path, 'enum values must be strings, numbers, booleans or null');
    if (new Set(type).size !== type.length) throw new SchemaError(path, 'enum values must be unique');
    return { kind: 'enum', values: type as Literal[], description, ensure };
  }
  throw new SchemaError(path, `the type must be a type name or a list of literals, got ${describe(type)}`);
}

function compileEnsure(mark: unknown, path: string): EnsureLevel | undefined {
  if (mark === undefined || mark === false) return undefined;
  if (mark === true || mark === 'presence') return 'presence';
  if (mark === 'not_null') return 'not_null';
  throw new SchemaError(path, `ensure must be true, false, 'presence' or 'not_null', got ${describe(mark)}`);
}

function isLiteralList(values: unknown[]): boolean {
  return values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v));
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value;
}
