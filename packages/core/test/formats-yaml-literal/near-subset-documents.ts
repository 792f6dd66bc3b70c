import fc from 'fast-check';

/*
 * Random YAML documents in and around the subset that `parseYamlSubset` reads without the `yaml`
 * package: block mappings and sequences, literal blocks, scalars and flow collections on one line,
 * comments and blank lines — and, mixed in, what lies just outside it (anchors, aliases, tags,
 * folded blocks, multi-line scalars, tabs, explicit keys, odd indentation, non-string keys…).
 */

import { keys, literalLines, otherScalars, plainScalars } from './near-subset-pools';

type Node =
  | { kind: 'scalar'; text: string }
  | { kind: 'literal'; header: string; lines: string[]; extra: number }
  | { kind: 'map'; entries: [string, Node][] }
  | { kind: 'seq'; items: Node[] };

/** Scalars the subset reads (every one valid YAML on its own line). */
const cleanScalars = [
  ...plainScalars.filter(
    (text) => !/^[-?:,>|&*!%@`<\t\uFEFF]|: |:$| #|\t|[\u0085\u2028]/.test(text) || /^-[^ ]/.test(text),
  ),
  ...otherScalars.filter((text) => /^(?:"[^"\\]*"|'[^']*'|\[[a-z0-9 ,."]*\]|\{[a-z0-9 :,"]*\})$/.test(text)),
];

const scalar = (edgy: boolean): fc.Arbitrary<Node> =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.constantFrom(...(edgy ? plainScalars : cleanScalars)) },
      { weight: edgy ? 3 : 0, arbitrary: fc.constantFrom(...otherScalars) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
      { weight: 1, arbitrary: fc.string({ maxLength: 6 }).map((text) => JSON.stringify(text)) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)) },
    )
    .map((text) => ({ kind: 'scalar', text }));

const literal = (edgy: boolean): fc.Arbitrary<Node> =>
  fc.record({
    kind: fc.constant('literal' as const),
    header: edgy
      ? fc.constantFrom('|', '|-', '|+', '|2', '|-1', '|+2', '>', '>-', '| # c', '|- # c', '|#c', '|x')
      : fc.constantFrom('|', '|-', '|+', '| # c', '|+  # c'),
    lines: fc.array(fc.constantFrom(...literalLines), { maxLength: 6 }),
    extra: edgy ? fc.constantFrom(0, 0, 0, 1, 2, -1) : fc.constant(0),
  });

const cleanKeys = keys.filter((key) => /^(?:[a-z_]\w*|"[^"]*"|'[^']*'|x y|yes|no|on|-a|:a|a:b|a#b|é)$/.test(key));

const tree = (edgy: boolean) =>
  fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 4, arbitrary: scalar(edgy) },
      { weight: 2, arbitrary: literal(edgy) },
      {
        weight: 2,
        arbitrary: fc
          .array(fc.tuple(fc.constantFrom(...(edgy ? keys : cleanKeys)), tie('node')), { minLength: 1, maxLength: 4 })
          .map((entries) => ({ kind: 'map' as const, entries })),
      },
      {
        weight: 2,
        arbitrary: fc
          .array(tie('node'), { minLength: 1, maxLength: 4 })
          .map((items) => ({ kind: 'seq' as const, items })),
      },
    ),
  })).node;

/** Layout choices drawn from a stream of small integers. */
type Choices = { next(bound: number): number };

function renderLiteral(out: string[], head: string, node: Extract<Node, { kind: 'literal' }>, indent: number): void {
  out.push(`${head}${node.header}`);
  const pad = ' '.repeat(Math.max(0, indent + node.extra));
  for (const line of node.lines) out.push(line === '' ? '' : `${pad}${line}`);
}

/** Renders `value` after `head` (`key:` or `- `); nested lines go under `indent`. */
function renderValue(out: string[], head: string, value: Node, indent: number, choices: Choices, compactOk: boolean) {
  if (value.kind === 'scalar') out.push(`${head} ${value.text}`);
  else if (value.kind === 'literal') renderLiteral(out, `${head} `, value, indent + 1 + choices.next(3));
  else {
    const step = [2, 2, 2, 1, 3, 4, 0][choices.next(7)] as number;
    out.push(head);
    const childIndent = step === 0 && !(compactOk && value.kind === 'seq') ? indent + 2 : indent + step;
    renderNode(out, value, childIndent, choices);
  }
}

function renderNode(out: string[], node: Node, indent: number, choices: Choices): void {
  const pad = ' '.repeat(indent);
  if (node.kind === 'map') {
    for (const [key, value] of node.entries) renderValue(out, `${pad}${key}:`, value, indent, choices, true);
  } else if (node.kind === 'seq') {
    for (const item of node.items) {
      if (item.kind === 'map' && choices.next(3) > 0) {
        // A compact item: the first key on the dash's line.
        const spaces = 1 + (choices.next(4) === 0 ? 2 : 0);
        const start = out.length;
        renderNode(out, item, indent + 1 + spaces, choices);
        out[start] = `${pad}-${' '.repeat(spaces)}${(out[start] as string).slice(indent + 1 + spaces)}`;
      } else {
        renderValue(out, `${pad}-`, item, indent, choices, false);
      }
    }
  } else if (node.kind === 'literal') {
    renderLiteral(out, 'root: ', node, indent + 2);
  } else {
    out.push(`${pad}${node.text}`);
  }
}

const noise = fc.constantFrom('', '', ' ', '   ', '# comment', '  # indented comment', '    #', '\t', '---', '...');

/**
 * A YAML document: a random mapping or sequence laid out with random indentation steps, with
 * blank and comment lines inserted, an occasional line shifted by a space, and a final line break
 * or not. Most documents are valid YAML; many are inside the subset, many just outside it.
 */
export const nearSubsetDocument = (edgy: boolean): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(
        tree(edgy).filter((root) => root.kind === 'map' || root.kind === 'seq'),
        fc
          .array(fc.tuple(fc.constantFrom(...(edgy ? keys : cleanKeys)), tree(edgy)), { minLength: 1, maxLength: 5 })
          .map((entries): Node => ({ kind: 'map', entries })),
      ),
      fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
      fc.array(fc.tuple(fc.nat(), edgy ? noise : fc.constantFrom('', '# comment', '  # c')), { maxLength: 2 }),
      fc.oneof(
        { weight: edgy ? 4 : 1, arbitrary: fc.constant(null) },
        { weight: edgy ? 1 : 0, arbitrary: fc.tuple(fc.nat(), fc.constantFrom(-1, 1)) },
      ),
      fc.boolean(),
      fc.constantFrom(0, 0, 0, 2),
    )
    .map(([root, seeds, inserts, shift, newline, baseIndent]) => {
      let drawn = 0;
      const choices: Choices = { next: (bound) => (seeds[drawn++ % seeds.length] as number) % bound };
      const lines: string[] = [];
      renderNode(lines, root, baseIndent, choices);
      for (const [at, line] of inserts) lines.splice(at % (lines.length + 1), 0, line);
      if (shift !== null) {
        const at = shift[0] % lines.length;
        const line = lines[at] as string;
        lines[at] = shift[1] > 0 ? ` ${line}` : line.replace(/^ /, '');
      }
      return lines.join('\n') + (newline ? '\n' : '');
    });

/**
 * A value written out with its key order, `-0`, `NaN` and the prototype visible, so two values
 * that print the same are the same (`toEqual` would take `0` for `-0` and ignore key order).
 */
export function exactly(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
    return `${typeof value}:${JSON.stringify(value)}`;
  }
  if (Array.isArray(value)) return `[${value.map(exactly).join(',')}]`;
  const prototype = Object.getPrototypeOf(value) === Object.prototype ? '' : '!proto';
  const record = value as Record<string, unknown>;
  return `{${prototype}${Object.getOwnPropertyNames(record)
    .map((key) => `${JSON.stringify(key)}:${exactly(record[key])}`)
    .join(',')}}`;
}
