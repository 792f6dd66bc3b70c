import { SchemaError } from '../errors/errors';
import { appendSegment } from '../patch/path';
import type { EnsureLevel, Literal, OutputNode, TypeName } from './schema-types';

/** The type names a field tuple may use; a JSON Schema `type` may use all but `any`. */
export const TYPE_NAMES: readonly unknown[] = ['string', 'number', 'integer', 'boolean', 'null', 'any'];

type LeafNode = Extract<OutputNode, { ensure: unknown }>;

/** A scalar or enum node: what both schema compilers build for a field. */
export const leafNode = (type: TypeName | readonly Literal[], description: string, ensure?: EnsureLevel): LeafNode =>
  typeof type === 'string'
    ? { kind: 'scalar', type, description, ensure }
    : { kind: 'enum', values: type, description, ensure };

/** Stands in for a list's item until the item is compiled (always replaced before returning). */
const PENDING_ITEM = leafNode('any', '');

/** A stack frame: compile `shape` at `path` and hand the node to `assign`; without `assign`, leave `shape`. */
type Frame = [shape: unknown, path: string, assign?: (node: OutputNode) => void];

/**
 * Compiles a schema literal into {@link OutputNode}s, checking every node. Iterative over an
 * explicit stack so a deep schema cannot overflow; the first malformed node throws a
 * {@link SchemaError} naming its path. Each field's ensure marker is written to `fields`, by path
 * in document order.
 */
export function compileSchema(shape: unknown, fields: Record<string, EnsureLevel>): OutputNode {
  let root: OutputNode | undefined;
  const stack: Frame[] = [[shape, '', (node) => (root = node)]];
  // The containers on the path from the root to the node being compiled: meeting one again is a
  // cycle (which would never end). A container shared by two branches is fine.
  const ancestors = new Set<unknown>();
  while (stack.length > 0) {
    const [current, path, assign] = stack.pop() as Frame;
    if (assign === undefined) {
      ancestors.delete(current);
      continue;
    }
    if (current === null || typeof current !== 'object') {
      throw new SchemaError(
        path,
        `expected a [type, description?, ensure?] tuple, an [item] list or an object, got ${describe(current)}`,
      );
    }
    if (ancestors.has(current)) throw new SchemaError(path, 'the schema is cyclic: this node contains itself');
    ancestors.add(current);
    stack.push([current, path]);
    if (Array.isArray(current)) {
      if (isArrayShape(current, path)) {
        const list: { kind: 'array'; item: OutputNode } = { kind: 'array', item: PENDING_ITEM };
        assign(list);
        stack.push([current[0], `${path}[*]`, (item) => (list.item = item)]);
      } else {
        const field = compileTuple(current, path);
        if (field.ensure) fields[path] = field.ensure;
        assign(field);
      }
      continue;
    }
    const prototype = Object.getPrototypeOf(current);
    if (prototype !== Object.prototype && prototype !== null) {
      throw new SchemaError(path, 'expected a plain object, a [type, description?, ensure?] tuple or an [item] list');
    }
    const children = new Map<string, OutputNode>();
    assign({ kind: 'object', fields: children });
    // Pushed in reverse so children compile, and are set in `children`, in key order (errors name
    // the first bad key).
    for (const [key, child] of Object.entries(current).reverse()) {
      stack.push([child, appendSegment(path, key), (node) => children.set(key, node)]);
    }
  }
  return root as OutputNode;
}

/** A one-element list whose element is a list or an object is an `[item]` list. */
function isArrayShape(value: unknown[], path: string): boolean {
  const item = value[0];
  if (value.length !== 1 || item === null || typeof item !== 'object') return false;
  if (Array.isArray(item) && item.length > 0 && item.every(isLiteral) && !TYPE_NAMES.includes(item[0])) {
    throw new SchemaError(
      path,
      `ambiguous ${JSON.stringify(value)}: write [${JSON.stringify(item)}, ''] for an enum field, or [[${JSON.stringify(item)}, '']] for a list of enum values`,
    );
  }
  return true;
}

function compileTuple(tuple: unknown[], path: string): LeafNode {
  if (tuple.length === 0 || tuple.length > 3) {
    throw new SchemaError(path, `a field tuple has 1 to 3 elements [type, description?, ensure?], got ${tuple.length}`);
  }
  const [type, description = '', mark] = tuple;
  if (typeof description !== 'string')
    throw new SchemaError(path, `the description must be a string, got ${describe(description)}`);
  let ensure: EnsureLevel | undefined;
  if (mark === true) ensure = 'presence';
  else if (mark === 'presence' || mark === 'not_null') ensure = mark;
  else if (mark !== undefined && mark !== false)
    throw new SchemaError(path, `ensure must be true, false, 'presence' or 'not_null', got ${describe(mark)}`);
  if (typeof type === 'string') {
    if (!TYPE_NAMES.includes(type)) {
      throw new SchemaError(
        path,
        `unknown type ${JSON.stringify(type)}; use one of ${TYPE_NAMES.join(', ')} or a list of literals`,
      );
    }
    return leafNode(type as TypeName, description, ensure);
  }
  if (Array.isArray(type)) {
    if (type.length === 0) throw new SchemaError(path, 'an enum needs at least one literal');
    if (!type.every(isLiteral)) throw new SchemaError(path, 'enum values must be strings, numbers, booleans or null');
    if (new Set(type).size !== type.length) throw new SchemaError(path, 'enum values must be unique');
    return leafNode(type, description, ensure);
  }
  throw new SchemaError(path, `the type must be a type name or a list of literals, got ${describe(type)}`);
}

/** A string, number, boolean or null: what an enum may hold. */
export function isLiteral(value: unknown): value is Literal {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** A value's kind for an error message; strings are quoted unless `quote` is false. */
export function describe(value: unknown, quote = true): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return quote && typeof value === 'string' ? JSON.stringify(value) : typeof value;
}
